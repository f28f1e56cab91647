import { api } from '@/lib/api-client';

/** A single-use address to PUT one file to (spec §3, "Upload parameters response"). */
export async function requestUploadURL(): Promise<string> {
  const answer = await api.post<{ uploadURL?: unknown }>('/api/objects/upload');
  if (typeof answer?.uploadURL !== 'string' || !answer.uploadURL) throw new Error('The server gave no upload address');
  return answer.uploadURL;
}
