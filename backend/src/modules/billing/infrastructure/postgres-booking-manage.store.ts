import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { BookingManageStore, type VisitorReading } from '../application/ports/booking-manage.store.js';
import type { Booking } from '../domain/booking.js';
import { toBooking, type BookingRow } from './booking-rows.js';

@Injectable()
export class PostgresBookingManageStore extends BookingManageStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private async one(sql: string, params: unknown[]): Promise<Booking | null> {
    const [row] = await this.em.execute<BookingRow[]>(sql, params as never[]);
    return row ? toBooking(row) : null;
  }

  async setTokenHash(bookingId: Id, tokenHash: string): Promise<void> {
    await this.em.execute('update bookings set manage_token_hash = ? where id = ?', [tokenHash, bookingId]);
  }

  lockByTokenHash(tokenHash: string): Promise<Booking | null> {
    return this.one('select * from bookings where manage_token_hash = ? for update', [tokenHash]);
  }

  findByTokenHash(tokenHash: string): Promise<Booking | null> {
    return this.one('select * from bookings where manage_token_hash = ?', [tokenHash]);
  }

  markCancelled(bookingId: Id, now: Date): Promise<Booking | null> {
    return this.one(
      `update bookings set status = 'cancelled', cancelled_at = ?, invite_sequence = invite_sequence + 1
        where id = ? and status = 'paid' returning *`,
      [now, bookingId],
    );
  }

  markMoved(bookingId: Id, slot: { start: Date; end: Date }, now: Date, visitor: VisitorReading = {}): Promise<Booking | null> {
    return this.one(
      `update bookings set slot_start = ?, slot_end = ?, rescheduled_at = ?, invite_sequence = invite_sequence + 1,
         visitor_time_zone = coalesce(?, visitor_time_zone), visitor_locale = coalesce(?, visitor_locale)
        where id = ? and status = 'paid' and rescheduled_at is null returning *`,
      [slot.start, slot.end, now, visitor.timeZone ?? null, visitor.locale ?? null, bookingId],
    );
  }
}
