import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const subscriptionKey = ['billing', 'subscription'] as const;

/** GET /api/subscription: the creator's plan, renewal or end date. */
export const subscriptionQuery = () =>
  queryOptions({ queryKey: subscriptionKey, queryFn: () => api.get<SubscriptionView>('/api/subscription') });

export const useSubscription = () => useQuery(subscriptionQuery());

/**
 * POST /api/subscription/confirm, once the card has paid: the server takes the plan from the provider at
 * once (its event may arrive a moment later) and answers it.
 */
export const confirmSubscription = () => api.post<SubscriptionView>('/api/subscription/confirm');

/** POST /api/subscription/cancel: premium ends at the end of the paid period (decisions.md, Premium). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SubscriptionView | null>('/api/subscription/cancel'),
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'plan' in answer) queryClient.setQueryData(subscriptionKey, answer);
      return queryClient.invalidateQueries({ queryKey: subscriptionKey });
    },
  });
}
