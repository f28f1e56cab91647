import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { linksKey } from './get-links';

export interface LinkStatusChange {
  id: string;
  isActive: boolean;
}

export const updateLinkStatus = ({ id, isActive }: LinkStatusChange) =>
  api.put<LinkView>(`/api/links/${encodeURIComponent(id)}`, { isActive });

/**
 * Switches a link on or off. The mutation stays pending until the links (and, through `onChanged`, the
 * analytics) are refetched, so the row's switch stays disabled until it shows the stored state (spec §4).
 */
export function useUpdateLinkStatus(onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLinkStatus,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]),
  });
}
