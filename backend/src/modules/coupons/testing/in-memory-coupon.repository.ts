import type { Id } from '../../../shared/ids.js';
import { CouponRepository } from '../application/ports/coupon.repository.js';
import type { Coupon } from '../domain/coupon.js';

/** The coupons in memory, for unit specs: the same rules as the PostgreSQL adapter's SQL. */
export class InMemoryCouponRepository extends CouponRepository {
  readonly coupons = new Map<Id, Coupon & { deletedAt: Date | null }>();
  readonly redemptions = new Map<Id, { couponId: Id; discountCents: number; releasedAt: Date | null }>();

  private live = (coupon: (Coupon & { deletedAt: Date | null }) | undefined) => (coupon && coupon.deletedAt === null ? coupon : undefined);
  private strip = ({ deletedAt: _deletedAt, ...coupon }: Coupon & { deletedAt: Date | null }): Coupon => ({ ...coupon });

  async add(coupon: Coupon): Promise<boolean> {
    if ((await this.findByCode(coupon.creatorId, coupon.code)) !== null) return false;
    this.coupons.set(coupon.id, { ...coupon, deletedAt: null });
    return true;
  }

  async listOf(creatorId: Id): Promise<Coupon[]> {
    return [...this.coupons.values()]
      .filter((coupon) => coupon.creatorId === creatorId && coupon.deletedAt === null)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map(this.strip);
  }

  async remove(creatorId: Id, couponId: Id, now: Date): Promise<boolean> {
    const coupon = this.live(this.coupons.get(couponId));
    if (!coupon || coupon.creatorId !== creatorId) return false;
    coupon.deletedAt = now;
    return true;
  }

  async findByCode(creatorId: Id, code: string): Promise<Coupon | null> {
    const found = [...this.coupons.values()].find(
      (coupon) => coupon.creatorId === creatorId && coupon.deletedAt === null && coupon.code.toLowerCase() === code.toLowerCase(),
    );
    return found ? this.strip(found) : null;
  }

  async findById(couponId: Id): Promise<Coupon | null> {
    const coupon = this.live(this.coupons.get(couponId));
    return coupon ? this.strip(coupon) : null;
  }

  async take(couponId: Id, purchaseId: Id, discountCents: number, now: Date): Promise<boolean> {
    const coupon = this.live(this.coupons.get(couponId));
    if (!coupon || this.redemptions.has(purchaseId)) return false;
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false;
    if (coupon.maxRedemptions !== null && coupon.uses >= coupon.maxRedemptions) return false;
    coupon.uses += 1;
    this.redemptions.set(purchaseId, { couponId, discountCents, releasedAt: null });
    return true;
  }

  async release(purchaseId: Id, now: Date): Promise<void> {
    const redemption = this.redemptions.get(purchaseId);
    if (!redemption || redemption.releasedAt) return;
    redemption.releasedAt = now;
    const coupon = this.coupons.get(redemption.couponId);
    if (coupon && coupon.uses > 0) coupon.uses -= 1;
  }

  async reinstate(purchaseId: Id): Promise<void> {
    const redemption = this.redemptions.get(purchaseId);
    if (!redemption?.releasedAt) return;
    redemption.releasedAt = null;
    const coupon = this.coupons.get(redemption.couponId);
    if (coupon) coupon.uses += 1;
  }
}
