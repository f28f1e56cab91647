import type { Id } from '../../../../shared/ids.js';
import type { Coupon } from '../../domain/coupon.js';

/** The coupons and their redemptions. Calls join the current transaction. */
export abstract class CouponRepository {
  /** False when the creator already has a coupon (not deleted) with this code, whatever its case. */
  abstract add(coupon: Coupon): Promise<boolean>;
  /** The creator's coupons not deleted, newest first. */
  abstract listOf(creatorId: Id): Promise<Coupon[]>;
  /** Marks the creator's coupon deleted; false when there is none (or it is someone else's). */
  abstract remove(creatorId: Id, couponId: Id, now: Date): Promise<boolean>;
  /** The creator's coupon (not deleted) with this code, whatever its case. */
  abstract findByCode(creatorId: Id, code: string): Promise<Coupon | null>;
  abstract findById(couponId: Id): Promise<Coupon | null>;
  /**
   * Takes one use for the purchase in one conditional UPDATE: only while the coupon is not deleted, not expired
   * at `now` and has a use left (concurrent takers are ordered by the row lock, and the last use goes to one).
   * False when it was not taken (or the purchase already has a redemption).
   */
  abstract take(couponId: Id, purchaseId: Id, discountCents: number, now: Date): Promise<boolean>;
  /** Gives back the purchase's use when it holds one (released_at set, uses - 1); no-op otherwise. */
  abstract release(purchaseId: Id, now: Date): Promise<void>;
  /** Takes back a released purchase's use, whatever the coupon's limit (released_at cleared, uses + 1); no-op otherwise. */
  abstract reinstate(purchaseId: Id): Promise<void>;
}
