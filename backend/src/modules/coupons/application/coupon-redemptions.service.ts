import { Injectable } from '@nestjs/common';
import { CouponMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { quoteCoupon } from '../domain/coupon.js';
import { CouponRedemptions, type CouponQuote, type CouponRefusal, type CouponTarget } from './ports/coupon-redemptions.js';
import { CouponRepository } from './ports/coupon.repository.js';

/**
 * The checkouts' port, over the coupons table: a code is quoted by its rules (domain/coupon.ts), and redeemed
 * with one conditional UPDATE in the purchase's transaction, so the last use goes to one buyer only; one taken
 * by someone else meanwhile (or expired, or deleted) is refused with the reason.
 */
@Injectable()
export class CouponRedemptionsService extends CouponRedemptions {
  constructor(
    private readonly coupons: CouponRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async quote(creatorId: Id, code: string, target: CouponTarget, priceCents: number, now: Date): Promise<CouponQuote | CouponRefusal> {
    const coupon = await this.coupons.findByCode(creatorId, code.trim());
    if (!coupon) return { refused: CouponMessages.invalidCode };
    return quoteCoupon(coupon, target, priceCents, now);
  }

  async redeem(quote: CouponQuote, purchaseId: Id, now: Date): Promise<CouponQuote | CouponRefusal> {
    if (await this.coupons.take(quote.couponId, purchaseId, quote.discountCents, now)) return quote;
    const coupon = await this.coupons.findById(quote.couponId);
    if (!coupon) return { refused: CouponMessages.invalidCode };
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return { refused: CouponMessages.expired };
    return { refused: CouponMessages.usedUp };
  }

  release(purchaseId: Id): Promise<void> {
    return this.coupons.release(purchaseId, this.clock.now());
  }

  reinstate(purchaseId: Id): Promise<void> {
    return this.coupons.reinstate(purchaseId);
  }
}
