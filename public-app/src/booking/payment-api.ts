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
