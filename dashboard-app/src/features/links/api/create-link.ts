import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkBlockKind, LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { sendPendingDeletes } from '../pending-deletes';
import { linksKey } from './get-links';

export interface NewLink {
  /** 'link' when left out. */
  kind?: LinkBlockKind;
  /** Left out for an embed titled by its service. */
  title?: string;
  /** Left out for a header. */
  url?: string;
  /** Premium scheduling: ISO instants; left out when not set. */
  startsAt?: string;
  endsAt?: string;
}

/**
 * New links are sent with order 0, so they appear on top (spec §3, §9); a schedule only when one is set. Deletes
 * waiting for their Undo are sent first, so the free plan's count is the one the creator sees.
 */
export const createLink = async ({ kind, title, url, startsAt, endsAt }: NewLink) => {
  await sendPendingDeletes();
  return api.post<LinkView>('/api/links', {
    ...(kind && kind !== 'link' ? { kind } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(url !== undefined ? { url } : {}),
    order: 0,
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
  });
};

/** Adds a link; then the links are refetched, and `onChanged` refreshes what depends on them. */
export function useCreateLink(onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]),
  });
}
