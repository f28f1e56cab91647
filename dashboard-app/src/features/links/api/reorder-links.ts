import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { sendPendingDeletes } from '../pending-deletes';
import { linksKey } from './get-links';

/**
 * Saves the full new order in one call; the server answers with the links in that order. The server takes only
 * the exact list of the creator's links, so deletes waiting for their Undo are sent first.
 */
export const reorderLinks = async (ids: string[]) => {
  await sendPendingDeletes();
  return api.put<LinkView[]>('/api/links/order', { ids });
};

/** `links` in the order of `ids`, each carrying its new index as its order. */
export function inOrder(links: LinkView[], ids: string[]): LinkView[] {
  const byId = new Map(links.map((link) => [link.id, link]));
  return ids.flatMap((id, index) => {
    const link = byId.get(id);
    return link ? [{ ...link, order: index }] : [];
  });
}

/**
 * Reorders optimistically: the list shows the new order at once and is saved with one call. On failure the
 * links are refetched so the list shows what is stored; nothing else is shown (spec §8).
 */
export function useReorderLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderLinks,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: linksKey });
      queryClient.setQueryData<LinkView[]>(linksKey, (links) => (links ? inOrder(links, ids) : links));
    },
    onSuccess: (links) => queryClient.setQueryData(linksKey, links),
    onError: () => queryClient.invalidateQueries({ queryKey: linksKey }),
  });
}
