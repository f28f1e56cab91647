import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '@/lib/fetch-file';

/** `GET /api/users/me/export`: everything kept about the account, as the JSON file the server names. */
export const exportData = () => fetchFile('/api/users/me/export', 'linkbio-export.json');

export const useExportData = () => useMutation({ mutationFn: exportData });
