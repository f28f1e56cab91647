import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CouponCreators, type CouponCreator } from '../application/ports/coupon-creators.js';

/** PostgreSQL, in plain SQL: the users row (a session's price only while the creator takes bookings). */
@Injectable()
export class PostgresCouponCreators extends CouponCreators {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async byUsername(username: string): Promise<CouponCreator | null> {
    if (username.includes('\u0000')) return null;
    const [row] = await this.em.execute<Array<{ id: string; enable_booking: boolean; booking_price: number | null }>>(
      'select id, enable_booking, booking_price from users where lower(username) = ? and deleted_at is null',
      [username.toLowerCase()],
    );
    if (!row) return null;
    return { id: row.id, sessionPriceCents: row.enable_booking && row.booking_price !== null && row.booking_price > 0 ? row.booking_price : null };
  }
}
