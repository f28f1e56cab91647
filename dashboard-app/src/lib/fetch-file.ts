import { ApiError } from './api-client';

export interface FetchedFile {
  blob: Blob;
  filename: string;
}

/** The file name the server gives the attachment (Content-Disposition), else `fallback`. */
function filenameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return fallback;
  }
}

/**
 * A file the API sends for download (same-origin, credentials included): its bytes and the name the server
 * gives it. A non-OK answer is raised as an ApiError, as `api` does.
 */
export async function fetchFile(path: string, fallbackName: string): Promise<FetchedFile> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return { blob: await response.blob(), filename: filenameOf(response, fallbackName) };
}
