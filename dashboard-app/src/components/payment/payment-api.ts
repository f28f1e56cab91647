import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfigView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const paymentConfigKey = ['payment-config'] as const;

/** GET /api/config: which card form to show, Stripe Elements or the local test provider's. */
export const paymentConfigQuery = () =>
  queryOptions({ queryKey: paymentConfigKey, queryFn: () => api.get<PaymentConfigView>('/api/config') });

export const usePaymentConfig = () => useQuery(paymentConfigQuery());
