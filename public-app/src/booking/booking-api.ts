import { Texts } from '../texts';

/** POST /api/users/{username}/book (spec §3, §7): what the customer gives. */
export interface BookingRequest {
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  message?: string;
}

/** The server's answer, all amounts in cents: Total, Service Fee and Platform Fee (decisions.md, Money). */
export interface BookingQuote {
  clientSecret: string;
  amount: number;
  userAmount: number;
  platformFee: number;
}

const isCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function isQuote(value: unknown): value is BookingQuote {
  if (typeof value !== 'object' || value === null) return false;
  const quote = value as Record<string, unknown>;
  return (
    typeof quote.clientSecret === 'string' &&
    isCents(quote.amount) &&
    isCents(quote.userAmount) &&
    isCents(quote.platformFee)
  );
}

/** The `message` of an API error body (`{ statusCode, message }`), if it has one. */
async function serverMessage(response: Response): Promise<string | null> {
  const body: unknown = await response.json().catch(() => null);
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * Creates the booking; the server computes every amount from the creator's stored price. Fails with the
 * server's message, else 'Failed to create booking. Please try again.' (spec §8).
 */
export async function createBooking(username: string, request: BookingRequest): Promise<BookingQuote> {
  let response: Response;
  try {
    response = await fetch(`/api/users/${encodeURIComponent(username)}/book`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new Error(Texts.bookingFailed);
  }
  if (!response.ok) throw new Error((await serverMessage(response)) ?? Texts.bookingFailed);
  const quote: unknown = await response.json().catch(() => null);
  if (!isQuote(quote)) throw new Error(Texts.bookingFailed);
  return quote;
}
