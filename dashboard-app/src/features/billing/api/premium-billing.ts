import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PremiumCardSetupResponse,
  PremiumCardView,
  PremiumChargesResponse,
  LocalCardPayment,
} from '@linkbio/shared-contracts';
import { api, messageOf } from '@/lib/api-client';

export const chargesKey = ['billing', 'charges'] as const;
export const renewalCardKey = ['billing', 'card'] as const;

/**
 * GET /api/subscription/charges: the creator's Premium charges, newest first. Read again each time the plan
 * card shows (a charge comes from the provider, e.g. just after subscribing, not from this page).
 */
export const chargesQuery = () =>
  queryOptions({
    queryKey: chargesKey,
    queryFn: () => api.get<PremiumChargesResponse>('/api/subscription/charges'),
    staleTime: 0,
  });

export const useCharges = () => useQuery(chargesQuery());

/** GET /api/subscription/card: the card that renews Premium. */
export const useRenewalCard = (enabled: boolean) =>
  useQuery({
    queryKey: renewalCardKey,
    queryFn: () => api.get<PremiumCardView>('/api/subscription/card'),
    enabled,
    staleTime: 0,
  });

const CARD_CHANGE_FAILED = "Your card couldn't be changed. Please try again.";

/**
 * PUT /api/subscription/card (local provider): the card form's fields; a refused card rejects with the server's
 * message ('Your card was declined.'), for the card form to show.
 */
export async function changeLocalCard({ cardNumber, expiry, cvc, name }: LocalCardPayment): Promise<PremiumCardView> {
  try {
    return await api.put<PremiumCardView>('/api/subscription/card', { cardNumber, expiry, cvc, ...(name ? { name } : {}) });
  } catch (error) {
    throw new Error(messageOf(error, CARD_CHANGE_FAILED), { cause: error });
  }
}

/** POST /api/subscription/card/setup (Stripe): a SetupIntent to confirm with Stripe Elements. */
export const startCardSetup = () => api.post<PremiumCardSetupResponse>('/api/subscription/card/setup');

/** POST /api/subscription/card/confirm (Stripe): the confirmed SetupIntent's card renews Premium from now on. */
export async function confirmCardSetup(clientSecret: string): Promise<PremiumCardView> {
  const setupIntentId = clientSecret.split('_secret_')[0];
  try {
    return await api.post<PremiumCardView>('/api/subscription/card/confirm', { setupIntentId });
  } catch (error) {
    throw new Error(messageOf(error, CARD_CHANGE_FAILED), { cause: error });
  }
}
