import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkImportPreviewView, LinkImportRowInput, LinkImportSource, LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { linksKey } from '@/features/links/api/get-links';

export type ImportSourceInput = { source: 'linktree'; address: string } | { source: Exclude<LinkImportSource, 'linktree'>; content: string };

/** What an import would add, changing nothing (POST /api/imports/preview). */
export const previewImport = (input: ImportSourceInput) => api.post<LinkImportPreviewView>('/api/imports/preview', input);

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/** Adds the chosen rows after the current links; the answer is the whole new list (POST /api/imports/confirm). */
export const confirmImport = (rows: LinkImportRowInput[]) => api.post<LinkView[]>('/api/imports/confirm', { rows });

/** Confirms an import; the links list takes the answer, and `onChanged` refreshes what depends on the links. */
export function useConfirmImport(onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: (links) => {
      queryClient.setQueryData(linksKey, links);
      return Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]);
    },
  });
}
