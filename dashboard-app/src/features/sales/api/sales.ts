import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleRefundResponse, SalesPage, TipSettingsView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const salesKey = ['sales'] as const;
export const tipSettingsKey = ['tips', 'settings'] as const;

/** GET /api/sales: the creator's paid product orders and tips, newest first, 50 a page. */
export const salesQuery = () =>
  infiniteQueryOptions({
    queryKey: salesKey,
    queryFn: ({ pageParam }) => api.get<SalesPage>(pageParam ? `/api/sales?cursor=${encodeURIComponent(pageParam)}` : '/api/sales'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useSales = () => useInfiniteQuery(salesQuery());

/** POST /api/sales/{id}/refund: the buyer is refunded in full; the list is read again. */
export function useRefundSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<SaleRefundResponse>(`/api/sales/${encodeURIComponent(id)}/refund`),
    onSuccess: () => client.invalidateQueries({ queryKey: salesKey }),
  });
}

export const tipSettingsQuery = () => queryOptions({ queryKey: tipSettingsKey, queryFn: () => api.get<TipSettingsView>('/api/tips/settings') });

export const useTipSettings = () => useQuery(tipSettingsQuery());

/** PUT /api/tips/settings: the Support block's switch, presets and message. */
export function useSaveTipSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TipSettingsView) => api.put<TipSettingsView>('/api/tips/settings', settings),
    onSuccess: (saved) => client.setQueryData(tipSettingsKey, saved),
  });
}
