import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { newId, type Id } from '../../../shared/ids.js';
import { RefundStore, type BookingLedger, type Refund, type RefundReason } from '../application/ports/refund.store.js';
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
  counted_at: Date | null;
  failed_after_success_at: Date | null;
}

const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  bookingId: r.booking_id,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  providerRefundId: r.provider_refund_id,
  refusals: r.attempts,
  countedAt: r.counted_at ? new Date(r.counted_at) : null,
  failedAfterSuccessAt: r.failed_after_success_at ? new Date(r.failed_after_success_at) : null,
});

/** A refund the provider could not be asked about waits this long before the next try. */
const RETRY_AFTER_SECONDS = 60;
/** Refusals after which a refund is left to the operators (the sweep stops asking). */
const MAX_REFUSALS = 5;
/** The booking's own refund (as opposed to those made at the provider): one per booking. */
const OWN = "reason <> 'at_provider'";

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
      `update bookings set status = 'refund_due', invite_sequence = invite_sequence + 1
        where id = ? and status in ('paid', 'partially_refunded') returning id`,
      [bookingId],
    );
    return rows.length === 1;
  }

  async request(input: { id: Id; bookingId: Id; amount: number; reason: RefundReason; now: Date }): Promise<Refund> {
    await this.rows(
      `insert into refunds (id, booking_id, amount, reason, status, created_at, updated_at) values (?, ?, ?, ?, 'requested', ?, ?)
       on conflict (booking_id) where ${OWN} do nothing`,
      [input.id, input.bookingId, input.amount, input.reason, input.now, input.now],
    );
    return (await this.refundOf(input.bookingId))!;
  }

  async refundOf(bookingId: Id): Promise<Refund | null> {
    const [row] = await this.rows<RefundRow>(`select * from refunds where booking_id = ? and ${OWN}`, [bookingId]);
    return row ? toRefund(row) : null;
  }

  async refundsOf(bookingId: Id): Promise<Refund[]> {
    return (await this.rows<RefundRow>('select * from refunds where booking_id = ? order by created_at, id', [bookingId])).map(toRefund);
  }

  async findByProviderId(providerRefundId: string): Promise<Refund | null> {
    const [row] = await this.rows<RefundRow>('select * from refunds where provider_refund_id = ?', [providerRefundId]);
    return row ? toRefund(row) : null;
  }

  async addProviderRefund(input: { id: Id; bookingId: Id; amount: number; currency: string; providerRefundId: string | null; status: Refund['status']; now: Date }): Promise<Refund> {
    await this.rows(
      `insert into refunds (id, booking_id, amount, currency, reason, status, provider_refund_id, created_at, updated_at)
       values (?, ?, ?, ?, 'at_provider', ?, ?, ?, ?) on conflict (provider_refund_id) do nothing`,
      [input.id, input.bookingId, input.amount, input.currency.slice(0, 3), input.status, input.providerRefundId, input.now, input.now],
    );
    const [row] = await this.rows<RefundRow>(
      input.providerRefundId ? 'select * from refunds where provider_refund_id = ?' : 'select * from refunds where id = ?',
      [input.providerRefundId ?? input.id],
    );
    return toRefund(row!);
  }

  async attachProviderId(refundId: Id, providerRefundId: string, now: Date): Promise<void> {
    await this.rows('update refunds set provider_refund_id = ?, updated_at = ? where id = ? and provider_refund_id is null', [providerRefundId, now, refundId]);
  }

  async recordAttempt(
    refundId: Id,
    outcome: { status: 'pending' | 'failed'; providerRefundId?: string; error?: string; refused?: boolean },
    now: Date,
  ): Promise<void> {
    await this.rows(
      `update refunds set status = ?, provider_refund_id = coalesce(?, provider_refund_id), last_error = ?,
              attempts = attempts + ?, updated_at = ?
        where id = ? and status <> 'succeeded' and failed_after_success_at is null`,
      [outcome.status, outcome.providerRefundId ?? null, outcome.error?.slice(0, 500) ?? null, outcome.refused ? 1 : 0, now, refundId],
    );
  }

  async markSucceeded(refundId: Id, providerRefundId: string | null, now: Date): Promise<boolean> {
    const rows = await this.rows(
      `update refunds set status = 'succeeded', provider_refund_id = coalesce(?, provider_refund_id), last_error = null, updated_at = ?
        where id = ? and status <> 'succeeded' and failed_after_success_at is null returning id`,
      [providerRefundId, now, refundId],
    );
    return rows.length === 1;
  }

  async markFailedAfterSuccess(refundId: Id, now: Date): Promise<boolean> {
    const rows = await this.rows(
      `update refunds set status = 'failed', failed_after_success_at = ?, updated_at = ?
        where id = ? and status = 'succeeded' returning id`,
      [now, now, refundId],
    );
    return rows.length === 1;
  }

  async ledgerOf(bookingId: Id): Promise<BookingLedger> {
    const [row] = await this.rows<{ earning: number; counted: number; reversed: number }>(
      `select coalesce((select amount from ledger_entries where booking_id = ? and kind = 'earning'), 0)::int as earning,
              coalesce((select sum(amount) from refunds where booking_id = ? and counted_at is not null), 0)::int as counted,
              coalesce((select -sum(amount) from ledger_entries where booking_id = ? and kind = 'reversal'), 0)::int as reversed`,
      [bookingId, bookingId, bookingId],
    );
    return row!;
  }

  async count(refund: Refund, booking: Booking, reversal: number, now: Date): Promise<boolean> {
    const rows = await this.rows('update refunds set counted_at = ? where id = ? and counted_at is null returning id', [now, refund.id]);
    if (rows.length === 0) return false;
    if (reversal > 0) {
      await this.rows(
        `insert into ledger_entries (id, creator_id, booking_id, refund_id, amount, kind, created_at) values (?, ?, ?, ?, ?, 'reversal', ?)
         on conflict (refund_id) do nothing`,
        [newId(), booking.creatorId, booking.id, refund.id, -reversal, now],
      );
    }
    return true;
  }

  async setStatus(bookingId: Id, from: Booking['status'][], to: Booking['status'], now: Date): Promise<Booking | null> {
    const [row] = await this.rows<BookingRow>(
      `update bookings set status = ?, refunded_at = case when ?::text = 'refunded' then ?::timestamptz else refunded_at end
        where id = ? and status in (${from.map(() => '?').join(', ')}) returning *`,
      [to, to, now, bookingId, ...from],
    );
    return row ? toBooking(row) : null;
  }

  async bumpInvite(bookingId: Id): Promise<void> {
    await this.rows('update bookings set invite_sequence = invite_sequence + 1 where id = ?', [bookingId]);
  }

  async dueForRefund(now: Date, limit: number): Promise<Id[]> {
    const rows = await this.rows<{ id: string }>(
      `select b.id from bookings b left join refunds r on r.booking_id = b.id and r.${OWN}
        where b.status = 'refund_due'
          and (r.id is null or (r.status in ('requested', 'failed') and r.attempts < ? and r.updated_at < ?))
        order by b.paid_at limit ?`,
      [MAX_REFUSALS, new Date(now.getTime() - RETRY_AFTER_SECONDS * 1000), limit],
    );
    return rows.map((row) => row.id);
  }
}
