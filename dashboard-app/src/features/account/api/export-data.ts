import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export interface ExportFile {
  blob: Blob;
  filename: string;
}

/** The file name the server gives the attachment, else a plain one. */
function filenameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : 'linkbio-export.json';
}

/** `GET /api/users/me/export`: everything kept about the account, as the JSON file the server names. */
export async function exportData(): Promise<ExportFile> {
  const response = await fetch('/api/users/me/export', { credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return { blob: await response.blob(), filename: filenameOf(response) };
}

export const useExportData = () => useMutation({ mutationFn: exportData });
