import { messageOf } from '@linkbio/checkout-ui';
import type { Attribution, IntakeAnswerRequest, SlotsView } from '@linkbio/shared-contracts';
import { Texts } from '../texts';

/** POST /api/users/{username}/book (spec §3, §7): what the customer gives. */
export interface BookingRequest {
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  message?: string;
  /** The picked session's start (ISO instant), when the creator takes sessions at set times. */
  slotStart?: string;
  /** The earlier, unpaid request this one replaces (its client secret): its time is freed. */
  replacesClientSecret?: string;
  /** The visitor's time zone and locale: their e-mails tell the time in it (and the creator's), as it writes times. */
  timeZone?: string;
  locale?: string;
  /** The coupon the visitor applied (checked again by the server, which computes the discounted price). */
  couponCode?: string;
  /** Ticked "Join my e-mail list": asked to confirm once the booking is paid. */
  joinList?: boolean;
  /** The session type booked: the server charges its price and books its length. */
  sessionTypeId?: string;
  /** The answers to the type's questions (the blank optional ones left out). */
  answers?: IntakeAnswerRequest[];
  /** The visit the booking came from (issue 29): what the booking page's address carried. */
  attribution?: Attribution;
}

/** A refused booking request: the server's message and its status (409: the time was just taken). */
export class BookingError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The server's answer, all amounts in cents: Total, Service Fee and Platform Fee (decisions.md, Money). */
export interface BookingQuote {
  clientSecret: string;
  amount: number;
  userAmount: number;
  platformFee: number;
  /** What a coupon took off the price (0 without one). */
  discountCents?: number;
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
    throw new BookingError(Texts.bookingFailed, null);
  }
  if (!response.ok) throw new BookingError((await messageOf(response)) ?? Texts.bookingFailed, response.status);
  const quote: unknown = await response.json().catch(() => null);
  if (!isQuote(quote)) throw new BookingError(Texts.bookingFailed, null);
  return quote;
}

/**
 * GET /api/users/{username}/slots: the open sessions of the 7 dates from `from` (the creator's dates), of the
 * session type's length when one is named.
 */
export async function fetchSlots(username: string, from: string, typeId?: string | null): Promise<SlotsView> {
  const query = new URLSearchParams({ from, days: '7', ...(typeId ? { type: typeId } : {}) });
  const response = await fetch(`/api/users/${encodeURIComponent(username)}/slots?${query.toString()}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as SlotsView | null;
  if (!response.ok || !body || !Array.isArray(body.slots)) throw new BookingError(Texts.bookingFailed, response.status);
  return body;
}
