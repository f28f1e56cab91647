import type { Id } from '../../../../shared/ids.js';

/** What a coupon applies to in one purchase: a session, or one product. */
export type CouponTarget = { kind: 'session' } | { kind: 'product'; productId: Id };

/** A coupon checked against a purchase: the price after it, never below the floor. */
export interface CouponQuote {
  couponId: Id;
  code: string;
  /** The price before the coupon and after it, in cents (the fee is then computed on priceAfterCents). */
  priceBeforeCents: number;
  priceAfterCents: number;
  discountCents: number;
}

/** Why a code was not taken: the message says it to the buyer (a 400). */
export interface CouponRefusal {
  refused: string;
}

/**
 * The coupons module's port for the checkouts (billing's bookings and orders). A code is quoted when the
 * buyer asks for the price, redeemed in the purchase's own transaction (the use counted exactly: the last
 * use of a coupon goes to one buyer only), released when the purchase is never paid (expired, failed,
 * replaced), and reinstated if a payment arrives after the release.
 */
export abstract class CouponRedemptions {
  abstract quote(creatorId: Id, code: string, target: CouponTarget, priceCents: number, now: Date): Promise<CouponQuote | CouponRefusal>;
  /** Takes one use inside the caller's transaction; a refusal when it is no longer available. */
  abstract redeem(quote: CouponQuote, purchaseId: Id, now: Date): Promise<CouponQuote | CouponRefusal>;
  /** Gives back the use taken by this purchase (no-op when none). */
  abstract release(purchaseId: Id): Promise<void>;
  /** Takes back the use of a purchase paid after its release, even past the coupon's limit (it was paid). */
  abstract reinstate(purchaseId: Id): Promise<void>;
}
