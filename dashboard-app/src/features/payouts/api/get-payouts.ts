import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutsResponse } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const payoutsKey = ['payouts'] as const;

/** GET /api/payouts: the creator's weekly payouts, newest week first. */
export const fetchPayouts = () => api.get<PayoutsResponse>('/api/payouts');

export const payoutsQuery = () => queryOptions({ queryKey: payoutsKey, queryFn: fetchPayouts });

export const usePayouts = () => useQuery(payoutsQuery());
