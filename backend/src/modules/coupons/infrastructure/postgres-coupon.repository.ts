import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { CouponRepository } from '../application/ports/coupon.repository.js';
import type { Coupon } from '../domain/coupon.js';

interface CouponRow {
  id: string;
  creator_id: string;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  applies_to: 'all' | 'sessions' | 'product';
  product_id: string | null;
  expires_at: Date | null;
  max_redemptions: number | null;
  uses: number;
  created_at: Date;
}

const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  creatorId: row.creator_id,
  code: row.code,
  discount: row.percent_off !== null ? { kind: 'percent', percentOff: row.percent_off } : { kind: 'amount', amountOffCents: row.amount_off_cents! },
  appliesTo: row.applies_to === 'product' ? { kind: 'product', productId: row.product_id! } : { kind: row.applies_to },
  expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  maxRedemptions: row.max_redemptions,
  uses: row.uses,
  createdAt: new Date(row.created_at),
});

/** PostgreSQL, in plain SQL; the injected EntityManager joins the surrounding transaction. */
@Injectable()
export class PostgresCouponRepository extends CouponRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async add(coupon: Coupon): Promise<boolean> {
    const rows = await this.rows(
      `insert into coupons (id, creator_id, code, percent_off, amount_off_cents, applies_to, product_id, expires_at, max_redemptions, uses, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
       on conflict (creator_id, lower(code)) where deleted_at is null do nothing
       returning id`,
      [
        coupon.id,
        coupon.creatorId,
        coupon.code,
        coupon.discount.kind === 'percent' ? coupon.discount.percentOff : null,
        coupon.discount.kind === 'amount' ? coupon.discount.amountOffCents : null,
        coupon.appliesTo.kind,
        coupon.appliesTo.kind === 'product' ? coupon.appliesTo.productId : null,
        coupon.expiresAt,
        coupon.maxRedemptions,
        coupon.createdAt,
      ],
    );
    return rows.length === 1;
  }

  async listOf(creatorId: Id): Promise<Coupon[]> {
    const rows = await this.rows<CouponRow>('select * from coupons where creator_id = ? and deleted_at is null order by created_at desc, id', [creatorId]);
    return rows.map(toCoupon);
  }

  async remove(creatorId: Id, couponId: Id, now: Date): Promise<boolean> {
    const rows = await this.rows('update coupons set deleted_at = ? where id = ? and creator_id = ? and deleted_at is null returning id', [now, couponId, creatorId]);
    return rows.length === 1;
  }

  async findByCode(creatorId: Id, code: string): Promise<Coupon | null> {
    const [row] = await this.rows<CouponRow>('select * from coupons where creator_id = ? and lower(code) = ? and deleted_at is null', [creatorId, code.toLowerCase()]);
    return row ? toCoupon(row) : null;
  }

  async findById(couponId: Id): Promise<Coupon | null> {
    const [row] = await this.rows<CouponRow>('select * from coupons where id = ? and deleted_at is null', [couponId]);
    return row ? toCoupon(row) : null;
  }

  async take(couponId: Id, purchaseId: Id, discountCents: number, now: Date): Promise<boolean> {
    // Under READ COMMITTED a concurrent UPDATE of the row waits for the first, then re-checks the WHERE on the
    // row it committed: with one use left, one taker gets it and every other one updates nothing.
    const rows = await this.rows(
      `with taken as (
         update coupons set uses = uses + 1
          where id = ? and deleted_at is null and (expires_at is null or expires_at > ?)
            and (max_redemptions is null or uses < max_redemptions)
            and not exists (select 1 from coupon_redemptions where purchase_id = ?)
          returning id)
       insert into coupon_redemptions (purchase_id, coupon_id, discount_cents, redeemed_at)
       select ?, id, ?, ? from taken
       returning purchase_id`,
      [couponId, now, purchaseId, purchaseId, discountCents, now],
    );
    return rows.length === 1;
  }

  async release(purchaseId: Id, now: Date): Promise<void> {
    await this.rows(
      `with released as (
         update coupon_redemptions set released_at = ? where purchase_id = ? and released_at is null returning coupon_id)
       update coupons set uses = uses - 1 where id in (select coupon_id from released) and uses > 0`,
      [now, purchaseId],
    );
  }

  async reinstate(purchaseId: Id): Promise<void> {
    await this.rows(
      `with reinstated as (
         update coupon_redemptions set released_at = null where purchase_id = ? and released_at is not null returning coupon_id)
       update coupons set uses = uses + 1 where id in (select coupon_id from reinstated)`,
      [purchaseId],
    );
  }
}
