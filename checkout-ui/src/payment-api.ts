import type { LocalCardPayment } from '@linkbio/shared-contracts';
import { CHECKOUT_TEXTS, type CheckoutTexts } from './skin.js';

/** GET /api/config: which card form to show (architecture.md, "Ports and adapters"). */
export interface PaymentConfig {
  paymentProvider: 'stripe' | 'local';
  stripePublishableKey: string | null;
}

/** A refusal of the card or of the call, with the message to show. */
export class PaymentError extends Error {}

/** The `message` of a JSON error body (the first of a list), or null. */
export async function messageOf(response: Response): Promise<string | null> {
  const body: unknown = await response.json().catch(() => null);
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

let config: Promise<PaymentConfig> | null = null;

/** Asked once per page; a failure is forgotten, so the next call asks again. */
export function fetchPaymentConfig(): Promise<PaymentConfig> {
  config ??= fetch('/api/config', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json().catch(() => null)) as Partial<PaymentConfig> | null;
      if (!response.ok || (body?.paymentProvider !== 'stripe' && body?.paymentProvider !== 'local'))
        throw new Error(CHECKOUT_TEXTS.paymentUnavailable);
      return { paymentProvider: body.paymentProvider, stripePublishableKey: body.stripePublishableKey ?? null };
    })
    .catch((error: unknown) => {
      config = null;
      throw error instanceof Error ? error : new Error(CHECKOUT_TEXTS.paymentUnavailable);
    });
  return config;
}

/**
 * POST /api/payments/local/confirm: the local test provider charges the card, or it throws a PaymentError
 * with the card's message (402).
 */
export async function confirmLocalCard(
  payment: LocalCardPayment,
  texts: Pick<CheckoutTexts, 'paymentGenericError' | 'paymentNetworkError'> = CHECKOUT_TEXTS,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/payments/local/confirm', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payment),
    });
  } catch {
    throw new PaymentError(texts.paymentNetworkError);
  }
  if (!response.ok) throw new PaymentError((await messageOf(response)) ?? texts.paymentGenericError);
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  if (body?.status !== 'succeeded') throw new PaymentError(texts.paymentGenericError);
}
