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

export interface LinkEdit {
  id: string;
  title: string;
  /** Left out for a header, which has no URL. */
  url?: string;
}

export const editLink = ({ id, title, url }: LinkEdit) =>
  api.put<LinkView>(`/api/links/${encodeURIComponent(id)}`, url === undefined ? { title } : { title, url });

/** Changes a link's title and URL (its clicks stay); then the links and what depends on them are refetched. */
export function useEditLink(onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLink,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]),
  });
}

export interface LinkScheduleChange {
  id: string;
  /** ISO instants; null clears the bound (allowed on every plan). */
  startsAt: string | null;
  endsAt: string | null;
}

export const updateLinkSchedule = ({ id, startsAt, endsAt }: LinkScheduleChange) =>
  api.put<LinkView>(`/api/links/${encodeURIComponent(id)}`, { startsAt, endsAt });

/** Sets or clears a link's schedule; then the links (and, through `onChanged`, the analytics) are refetched. */
export function useUpdateLinkSchedule(onChanged?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLinkSchedule,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: linksKey }), onChanged?.()]),
  });
}
