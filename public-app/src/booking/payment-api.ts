import type { LocalCardPayment } from '@linkbio/shared-contracts';
import { Texts } from '../texts';

/** GET /api/config: which card form to show (architecture.md, "Ports and adapters"). */
export interface PaymentConfig {
  paymentProvider: 'stripe' | 'local';
  stripePublishableKey: string | null;
}

/** A refusal of the card or of the call, with the message to show under 'Payment Failed'. */
export class PaymentError extends Error {}

async function messageOf(response: Response): Promise<string | null> {
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
        throw new Error(Texts.paymentUnavailable);
      return { paymentProvider: body.paymentProvider, stripePublishableKey: body.stripePublishableKey ?? null };
    })
    .catch((error: unknown) => {
      config = null;
      throw error instanceof Error ? error : new Error(Texts.paymentUnavailable);
    });
  return config;
}

/**
 * POST /api/payments/local/confirm: the local test provider charges the card, or it throws a PaymentError
 * with the card's message (402).
 */
export async function confirmLocalCard(payment: LocalCardPayment): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/payments/local/confirm', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payment),
    });
  } catch {
    throw new PaymentError(Texts.paymentNetworkError);
  }
  if (!response.ok) throw new PaymentError((await messageOf(response)) ?? Texts.paymentGenericError);
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  if (body?.status !== 'succeeded') throw new PaymentError(Texts.paymentGenericError);
}

const sameOrigin = (address: string): string | null => {
  try {
    const url = new URL(address, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
};

/**
 * /booking-success?payment_intent=…&payment_intent_client_secret=…: the provider's return address, where
 * the server checks the payment and sends the visitor on to /{username}?booked=true.
 */
export function bookingSuccessUrl(clientSecret: string): string {
  const query = new URLSearchParams();
  const intentId = clientSecret.split('_secret_')[0];
  if (intentId && intentId !== clientSecret) query.set('payment_intent', intentId);
  query.set('payment_intent_client_secret', clientSecret);
  return `/booking-success?${query.toString()}`;
}

/**
 * After an in-page confirmation: POST /api/bookings/confirm has the server check the payment with the
 * provider (the same check as /booking-success) and answers where to go: /{username}?booked=true once paid.
 * Without an answer, the return address does the same check on the way.
 */
export async function settledBookingUrl(clientSecret: string): Promise<string> {
  try {
    const response = await fetch('/api/bookings/confirm', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ clientSecret }),
    });
    const body = (await response.json().catch(() => null)) as { returnUrl?: unknown } | null;
    const next = response.ok && typeof body?.returnUrl === 'string' ? sameOrigin(body.returnUrl) : null;
    if (next) return next;
  } catch {
    // fall through to the return address
  }
  return bookingSuccessUrl(clientSecret);
}
