import { messageOf } from '@linkbio/checkout-ui';
import type { Attribution } from '@linkbio/shared-contracts';

/**
 * The calls of the product and tip checkouts (issue 27: billing's orders and the coupons module's check):
 * each answers its JSON, or throws a SaleError with the server's message (or the fallback).
 */

/** What an order or a tip answers: the card step's client secret and the server's amounts, in cents. */
export interface SaleQuote {
  clientSecret: string;
  amount: number;
  userAmount: number;
  platformFee: number;
  discountCents: number;
}

/** POST /api/users/{username}/coupons/check: the coupon's effect on this sale. */
export interface CouponQuote {
  /** The code as the creator wrote it (the buyer's typing may differ in case). */
  code: string;
  priceBeforeCents: number;
  priceAfterCents: number;
  discountCents: number;
  amount: number;
  userAmount: number;
  platformFee: number;
}

export interface ProductOrderRequest {
  customerName: string;
  customerEmail: string;
  amountCents?: number;
  couponCode?: string;
  joinList?: boolean;
  /** The visit the sale came from (issue 29). */
  attribution?: Attribution;
}

export interface TipRequest {
  amountCents: number;
  name?: string;
  message?: string;
  customerEmail: string;
  joinList?: boolean;
  /** The visit the tip came from (issue 29). */
  attribution?: Attribution;
}

/** A refused call: the server's message, and its status (null: no answer). */
export class SaleError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

async function post<T>(
  path: string,
  body: unknown,
  fallback: string,
  valid: (answer: unknown) => answer is T,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new SaleError(fallback, null);
  }
  if (!response.ok) throw new SaleError((await messageOf(response)) ?? fallback, response.status);
  const answer: unknown = await response.json().catch(() => null);
  if (!valid(answer)) throw new SaleError(fallback, response.status);
  return answer;
}

const isQuote = (answer: unknown): answer is SaleQuote => {
  const quote = answer as Partial<SaleQuote> | null;
  return (
    typeof quote?.clientSecret === 'string' &&
    isCents(quote.amount) &&
    isCents(quote.userAmount) &&
    isCents(quote.platformFee) &&
    (quote.discountCents === undefined || isCents(quote.discountCents))
  );
};

const isCouponQuote = (answer: unknown): answer is CouponQuote => {
  const quote = answer as Partial<CouponQuote> | null;
  return typeof quote?.code === 'string' && [
    quote?.priceBeforeCents,
    quote?.priceAfterCents,
    quote?.discountCents,
    quote?.amount,
    quote?.userAmount,
    quote?.platformFee,
  ].every(isCents);
};

const user = (username: string) => `/api/users/${encodeURIComponent(username)}`;

/** POST /api/users/{username}/products/{productId}/order */
export const orderProduct = (username: string, productId: string, request: ProductOrderRequest, fallback: string) =>
  post(`${user(username)}/products/${encodeURIComponent(productId)}/order`, request, fallback, isQuote).then(
    (quote) => ({ ...quote, discountCents: quote.discountCents ?? 0 }),
  );

/** POST /api/users/{username}/tip */
export const sendTip = (username: string, request: TipRequest, fallback: string) =>
  post(`${user(username)}/tip`, request, fallback, isQuote).then((quote) => ({
    ...quote,
    discountCents: quote.discountCents ?? 0,
  }));

/** POST /api/users/{username}/coupons/check */
export const checkCoupon = (
  username: string,
  request: { code: string; target: string; amountCents?: number },
  fallback: string,
) => post(`${user(username)}/coupons/check`, request, fallback, isCouponQuote);
