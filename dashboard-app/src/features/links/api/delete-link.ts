import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linksKey } from './get-links';

export const deleteLink = (id: string) => api.delete<unknown>(`/api/links/${encodeURIComponent(id)}`);

/**
 * Deletes a link; afterwards the links (and, through `onChanged`, the analytics) are refetched. `onDeleted`
 * runs even though the refetch unmounts the deleted link's row, so it is the place for the confirmation.
 */
export function useDeleteLink({
  onChanged,
  onDeleted,
}: { onChanged?: () => Promise<unknown>; onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: () => onDeleted?.(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]),
  });
}
