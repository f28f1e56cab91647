import { useQueryClient } from '@tanstack/react-query';
import { api, messageOf } from '@/lib/api-client';
import { toast } from '@/components/ui/toast-store';
import { deleteWithUndo } from '../pending-deletes';
import { linksKey } from './get-links';

export const deleteLink = (id: string) => api.delete<unknown>(`/api/links/${encodeURIComponent(id)}`);

/**
 * Deletes a link with Undo (pending-deletes.ts): the row goes at once, the DELETE is sent when the Undo time is
 * over; then the links (and, through `onChanged`, the analytics) are refetched. A DELETE that fails brings the
 * link back and says so.
 */
export function useDeleteLink({ onChanged }: { onChanged?: () => Promise<unknown> } = {}) {
  const queryClient = useQueryClient();
  return (link: { id: string; title: string }) =>
    deleteWithUndo(link, async () => {
      try {
        await deleteLink(link.id);
      } catch (error) {
        toast({ variant: 'destructive', title: 'Error', description: messageOf(error, 'Failed to delete link') });
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]);
    });
}
