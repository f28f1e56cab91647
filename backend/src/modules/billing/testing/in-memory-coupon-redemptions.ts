import type { Id } from '../../../shared/ids.js';
import { CouponRedemptions, type CouponQuote, type CouponRefusal, type CouponTarget } from '../../coupons/application/ports/coupon-redemptions.js';

/**
 * CouponRedemptions in memory, for billing's unit tests (the app wires the coupons module's own): codes with
 * a percentage off and a number of uses; a use is taken by redeem, given back by release, taken back by reinstate.
 */
export class InMemoryCouponRedemptions extends CouponRedemptions {
  readonly coupons = new Map<string, { id: Id; percentOff: number; usesLeft: number }>();
  /** The purchases holding a use, by coupon id. */
  readonly held = new Map<Id, string>();
  readonly released: Id[] = [];
  readonly reinstated: Id[] = [];

  add(code: string, percentOff: number, uses: number): void {
    this.coupons.set(code.toUpperCase(), { id: `coupon-${code}`, percentOff, usesLeft: uses });
  }

  async quote(_creatorId: Id, code: string, _target: CouponTarget, priceCents: number): Promise<CouponQuote | CouponRefusal> {
    const coupon = this.coupons.get(code.toUpperCase());
    if (!coupon || coupon.usesLeft <= 0) return { refused: 'This coupon code is not valid.' };
    const discountCents = Math.floor((priceCents * coupon.percentOff) / 100);
    return { couponId: coupon.id, code: code.toUpperCase(), priceBeforeCents: priceCents, priceAfterCents: priceCents - discountCents, discountCents };
  }

  async redeem(quote: CouponQuote, purchaseId: Id): Promise<CouponQuote | CouponRefusal> {
    const coupon = this.coupons.get(quote.code);
    if (!coupon || coupon.usesLeft <= 0) return { refused: 'This coupon has been used up.' };
    coupon.usesLeft -= 1;
    this.held.set(purchaseId, quote.code);
    return quote;
  }

  async release(purchaseId: Id): Promise<void> {
    const code = this.held.get(purchaseId);
    if (!code) return;
    this.held.delete(purchaseId);
    this.coupons.get(code)!.usesLeft += 1;
    this.released.push(purchaseId);
  }

  async reinstate(purchaseId: Id): Promise<void> {
    this.reinstated.push(purchaseId);
  }
}
