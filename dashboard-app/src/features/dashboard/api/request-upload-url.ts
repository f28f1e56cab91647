import { api } from '@/lib/api-client';

/**
 * A single-use address to PUT one file to (spec §3, "Upload parameters response"). The file's type and size,
 * when known, let the server bind the address to them.
 */
export async function requestUploadURL(file: { contentType?: string; size?: number } = {}): Promise<string> {
  const body = file.contentType || file.size ? { contentType: file.contentType, size: file.size } : undefined;
  const answer = await api.post<{ uploadURL?: unknown }>('/api/objects/upload', body);
  if (typeof answer?.uploadURL !== 'string' || !answer.uploadURL) throw new Error('The server gave no upload address');
  return answer.uploadURL;
}
