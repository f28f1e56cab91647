import { COUPON_PRICE_FLOOR_CENTS, CouponMessages, parseIsoInstant, type CouponView, type CreateCouponRequest } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import { newId, type Id } from '../../../shared/ids.js';
import type { CouponQuote, CouponRefusal, CouponTarget } from '../application/ports/coupon-redemptions.js';

/** What a coupon applies to: every sale, sessions only, or one of the creator's products. */
export type CouponScope = { kind: 'all' } | { kind: 'sessions' } | { kind: 'product'; productId: Id };

/** A percentage (1–100) or an amount in cents off the price. */
export type CouponDiscount = { kind: 'percent'; percentOff: number } | { kind: 'amount'; amountOffCents: number };

export interface Coupon {
  id: Id;
  creatorId: Id;
  code: string;
  discount: CouponDiscount;
  appliesTo: CouponScope;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  /** Redemptions held by purchases waiting for payment, and paid. */
  uses: number;
  createdAt: Date;
}

/** A new coupon from the creator's request: exactly one discount, an expiry in the future. */
export function newCoupon(creatorId: Id, request: CreateCouponRequest, now: Date): Coupon {
  const percent = request.percentOff ?? null;
  const amount = request.amountOffCents ?? null;
  if ((percent === null) === (amount === null)) throw invalid(CouponMessages.oneDiscount);
  const expiresAt = request.expiresAt ? parseIsoInstant(request.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw invalid(CouponMessages.expiresInPast);
  return {
    id: newId(),
    creatorId,
    code: request.code,
    discount: percent !== null ? { kind: 'percent', percentOff: percent } : { kind: 'amount', amountOffCents: amount! },
    appliesTo: scopeOf(request.appliesTo),
    expiresAt,
    maxRedemptions: request.maxRedemptions ?? null,
    uses: 0,
    createdAt: now,
  };
}

export const scopeOf = (appliesTo: string): CouponScope =>
  appliesTo === 'all' || appliesTo === 'sessions' ? { kind: appliesTo } : { kind: 'product', productId: appliesTo.toLowerCase() };

/**
 * The price after the discount, in integer cents: a percentage rounds half up (as the fee does), an amount is
 * taken whole; never below COUPON_PRICE_FLOOR_CENTS ($1.00), and never above the price itself (a price already
 * under the floor is left as it is).
 */
export function discounted(discount: CouponDiscount, priceCents: number): { priceAfterCents: number; discountCents: number } {
  const off = discount.kind === 'percent' ? Math.floor((priceCents * discount.percentOff + 50) / 100) : discount.amountOffCents;
  const priceAfterCents = Math.min(priceCents, Math.max(COUPON_PRICE_FLOOR_CENTS, priceCents - off));
  return { priceAfterCents, discountCents: priceCents - priceAfterCents };
}

const covers = (scope: CouponScope, target: CouponTarget): boolean =>
  scope.kind === 'all' || (scope.kind === 'sessions' ? target.kind === 'session' : target.kind === 'product' && target.productId === scope.productId);

/** Whether the coupon can be used on this purchase now, and the price with it; else why not (said to the buyer). */
export function quoteCoupon(coupon: Coupon, target: CouponTarget, priceCents: number, now: Date): CouponQuote | CouponRefusal {
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return { refused: CouponMessages.expired };
  if (coupon.maxRedemptions !== null && coupon.uses >= coupon.maxRedemptions) return { refused: CouponMessages.usedUp };
  if (!covers(coupon.appliesTo, target)) return { refused: CouponMessages.wrongTarget };
  const { priceAfterCents, discountCents } = discounted(coupon.discount, priceCents);
  if (discountCents === 0) return { refused: CouponMessages.atFloor };
  return { couponId: coupon.id, code: coupon.code, priceBeforeCents: priceCents, priceAfterCents, discountCents };
}

export const isRefusal = (answer: CouponQuote | CouponRefusal): answer is CouponRefusal => 'refused' in answer;

export function toCouponView(coupon: Coupon): CouponView {
  return {
    id: coupon.id,
    code: coupon.code,
    percentOff: coupon.discount.kind === 'percent' ? coupon.discount.percentOff : null,
    amountOffCents: coupon.discount.kind === 'amount' ? coupon.discount.amountOffCents : null,
    appliesTo: coupon.appliesTo.kind === 'product' ? coupon.appliesTo.productId : coupon.appliesTo.kind,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    maxRedemptions: coupon.maxRedemptions,
    uses: coupon.uses,
    createdAt: coupon.createdAt.toISOString(),
  };
}
