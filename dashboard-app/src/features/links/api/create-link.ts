import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { linksKey } from './get-links';

export interface NewLink {
  title: string;
  url: string;
  /** Premium scheduling: ISO instants; left out when not set. */
  startsAt?: string;
  endsAt?: string;
}

/** New links are sent with order 0, so they appear on top (spec §3, §9); a schedule only when one is set. */
export const createLink = ({ title, url, startsAt, endsAt }: NewLink) =>
  api.post<LinkView>('/api/links', {
    title,
    url,
    order: 0,
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
  });

/** Adds a link; then the links are refetched, and `onChanged` refreshes what depends on them. */
export function useCreateLink(onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]),
  });
}
