import type { CouponCheckResponse } from '@linkbio/shared-contracts';
import { Texts } from '../texts';
import { BookingError } from './booking-api';

const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function isCheck(value: unknown): value is CouponCheckResponse {
  if (typeof value !== 'object' || value === null) return false;
  const check = value as Record<string, unknown>;
  return (
    typeof check.code === 'string' &&
    ['priceBeforeCents', 'priceAfterCents', 'discountCents', 'amount', 'userAmount', 'platformFee'].every((key) => isCents(check[key]))
  );
}

/**
 * POST /api/users/{username}/coupons/check for a session (of the session type `sessionTypeId` when the page has
 * one chosen): the price with the code and the fee lines of the discounted price, as the server computes them.
 * Fails with the server's reason (expired, used up, …).
 */
export async function checkSessionCoupon(username: string, code: string, sessionTypeId: string | null = null): Promise<CouponCheckResponse> {
  let response: Response;
  try {
    response = await fetch(`/api/users/${encodeURIComponent(username)}/coupons/check`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ code, target: 'session', ...(sessionTypeId ? { sessionTypeId } : {}) }),
    });
  } catch {
    throw new BookingError(Texts.couponFailed, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
    throw new BookingError(typeof message === 'string' && message ? message : Texts.couponFailed, response.status);
  }
  if (!isCheck(body)) throw new BookingError(Texts.couponFailed, null);
  return body;
}
