import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BroadcastResponse, BroadcastsResponse, SubscribeBlockView, SubscribersPage } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const subscribersKey = ['subscribers'] as const;
export const broadcastsKey = ['broadcasts'] as const;

/** GET /api/subscribers: newest first, 50 a page; the next page by its cursor. */
export const subscribersQuery = () =>
  infiniteQueryOptions({
    queryKey: subscribersKey,
    queryFn: ({ pageParam }) =>
      api.get<SubscribersPage>(pageParam ? `/api/subscribers?cursor=${encodeURIComponent(pageParam)}` : '/api/subscribers'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useSubscribers = () => useInfiniteQuery(subscribersQuery());

/** GET /api/broadcasts (Premium's list; a free creator's is empty). */
export const broadcastsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: broadcastsKey, queryFn: () => api.get<BroadcastsResponse>('/api/broadcasts'), enabled });

export const useBroadcasts = (enabled: boolean) => useQuery(broadcastsQuery(enabled));

/** PUT /api/subscribers/settings: the page's subscribe block on or off. */
export function useSaveBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: { enabled: boolean; title?: string | null }) => api.put<SubscribeBlockView>('/api/subscribers/settings', settings),
    onSuccess: () => client.invalidateQueries({ queryKey: subscribersKey }),
  });
}

/** DELETE /api/subscribers/{id}. */
export function useRemoveSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/subscribers/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: subscribersKey }),
  });
}

/** POST /api/broadcasts: sent by the worker in batches; the list shows its count. */
export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { subject: string; body: string }) => api.post<BroadcastResponse>('/api/broadcasts', input),
    onSuccess: () => client.invalidateQueries({ queryKey: broadcastsKey }),
  });
}
