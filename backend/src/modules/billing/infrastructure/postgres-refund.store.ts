import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { newId, type Id } from '../../../shared/ids.js';
import { RefundStore, type Refund, type RefundReason } from '../application/ports/refund.store.js';
import type { Booking } from '../domain/booking.js';
import { toBooking, type BookingRow } from './booking-rows.js';

interface RefundRow {
  id: string;
  booking_id: string;
  amount: number;
  reason: RefundReason;
  status: Refund['status'];
  provider_refund_id: string | null;
  attempts: number;
}

const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  bookingId: r.booking_id,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  providerRefundId: r.provider_refund_id,
  refusals: r.attempts,
});

/** A refund the provider could not be asked about waits this long before the next try. */
const RETRY_AFTER_SECONDS = 60;
/** Refusals after which a refund is left to the operators (the sweep stops asking). */
const MAX_REFUSALS = 5;

@Injectable()
export class PostgresRefundStore extends RefundStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async lockBooking(id: Id): Promise<Booking | null> {
    const [row] = await this.rows<BookingRow>('select * from bookings where id = ? for update', [id]);
    return row ? toBooking(row) : null;
  }

  async markRefundDue(bookingId: Id): Promise<boolean> {
    // The session's cancellation is a newer version of its invite: one SEQUENCE higher.
    const rows = await this.rows(
      "update bookings set status = 'refund_due', invite_sequence = invite_sequence + 1 where id = ? and status = 'paid' returning id",
      [bookingId],
    );
    return rows.length === 1;
  }

  async request(input: { id: Id; bookingId: Id; amount: number; reason: RefundReason; now: Date }): Promise<Refund> {
    await this.rows(
      `insert into refunds (id, booking_id, amount, reason, status, created_at, updated_at) values (?, ?, ?, ?, 'requested', ?, ?)
       on conflict (booking_id) do nothing`,
      [input.id, input.bookingId, input.amount, input.reason, input.now, input.now],
    );
    return (await this.refundOf(input.bookingId))!;
  }

  async refundOf(bookingId: Id): Promise<Refund | null> {
    const [row] = await this.rows<RefundRow>('select * from refunds where booking_id = ?', [bookingId]);
    return row ? toRefund(row) : null;
  }

  async recordAttempt(
    refundId: Id,
    outcome: { status: 'pending' | 'failed'; providerRefundId?: string; error?: string; refused?: boolean },
    now: Date,
  ): Promise<void> {
    await this.rows(
      `update refunds set status = ?, provider_refund_id = coalesce(?, provider_refund_id), last_error = ?,
              attempts = attempts + ?, updated_at = ?
        where id = ? and status <> 'succeeded'`,
      [outcome.status, outcome.providerRefundId ?? null, outcome.error?.slice(0, 500) ?? null, outcome.refused ? 1 : 0, now, refundId],
    );
  }

  async markRefunded(bookingId: Id, providerRefundId: string | null, now: Date): Promise<Booking | null> {
    const [row] = await this.rows<BookingRow>(
      "update bookings set status = 'refunded', refunded_at = ? where id = ? and status = 'refund_due' returning *",
      [now, bookingId],
    );
    if (!row) return null;
    await this.rows(
      `update refunds set status = 'succeeded', provider_refund_id = coalesce(?, provider_refund_id), last_error = null, updated_at = ?
        where booking_id = ?`,
      [providerRefundId, now, bookingId],
    );
    return toBooking(row);
  }

  async reverseEarning(booking: Booking, now: Date): Promise<void> {
    await this.rows(
      `insert into ledger_entries (id, creator_id, booking_id, amount, kind, created_at)
       select ?, creator_id, booking_id, -amount, 'reversal', ? from ledger_entries where booking_id = ? and kind = 'earning'
       on conflict (booking_id, kind) do nothing`,
      [newId(), now, booking.id],
    );
  }

  async dueForRefund(now: Date, limit: number): Promise<Id[]> {
    const rows = await this.rows<{ id: string }>(
      `select b.id from bookings b left join refunds r on r.booking_id = b.id
        where b.status = 'refund_due'
          and (r.id is null or (r.status in ('requested', 'failed') and r.attempts < ? and r.updated_at < ?))
        order by b.paid_at limit ?`,
      [MAX_REFUSALS, new Date(now.getTime() - RETRY_AFTER_SECONDS * 1000), limit],
    );
    return rows.map((row) => row.id);
  }
}
