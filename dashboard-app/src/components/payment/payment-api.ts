import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalCardPayment, LocalConfirmResponse, PaymentConfigView } from '@linkbio/shared-contracts';
import { api, ApiError } from '@/lib/api-client';

export const paymentConfigKey = ['payment-config'] as const;

/** GET /api/config: which card form to show, Stripe Elements or the local test provider's. */
export const paymentConfigQuery = () =>
  queryOptions({ queryKey: paymentConfigKey, queryFn: () => api.get<PaymentConfigView>('/api/config') });

export const usePaymentConfig = () => useQuery(paymentConfigQuery());

export const PAYMENT_GENERIC_ERROR = 'Your payment could not be completed. Please try again.';

/** A card refused by the provider, with its message ('Your card was declined.'). */
export class PaymentError extends Error {}

/** POST /api/payments/local/confirm: 200 when charged, 402 with the card's message when refused. */
export async function confirmLocalCard(payment: LocalCardPayment): Promise<LocalConfirmResponse> {
  try {
    const answer = await api.post<LocalConfirmResponse>('/api/payments/local/confirm', payment);
    if (answer?.status !== 'succeeded') throw new PaymentError(PAYMENT_GENERIC_ERROR);
    return answer;
  } catch (error) {
    if (error instanceof PaymentError) throw error;
    if (error instanceof ApiError) {
      let message = error.serverMessage;
      if (!message) {
        try {
          const body = JSON.parse(error.bodyText) as { message?: unknown };
          if (Array.isArray(body.message) && typeof body.message[0] === 'string') message = body.message[0];
        } catch {
          // not JSON
        }
      }
      throw new PaymentError(message ?? PAYMENT_GENERIC_ERROR);
    }
    throw new PaymentError("We couldn't reach the payment service. Check your connection and try again.");
  }
}
