import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 for a local stub of Stripe's API; unset: api.stripe.com. */
  apiUrl?: string;
}

/**
 * The Stripe SDK client, optionally pointed at another host (tests run it against a local stub), for every
 * module talking to Stripe (billing's payment gateway, the reconciliation's ledger): retries and timeout for
 * api.stripe.com, none against a stub.
 */
export function createStripeClient({ secretKey, apiUrl }: StripeClientOptions): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}
