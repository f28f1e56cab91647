import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PaymentIssueStore, type RefundFailedBooking, type UnappliedEvent } from '../application/ports/payment-issue.store.js';
import type { UnappliedReason } from '../application/unapplied-events.js';

interface UnappliedRow {
  event_id: string;
  provider: 'stripe' | 'local';
  type: string;
  reason: UnappliedReason;
  detail: string;
  object_id: string | null;
  received_at: Date;
}

@Injectable()
export class PostgresPaymentIssueStore extends PaymentIssueStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async recordUnapplied(event: UnappliedEvent): Promise<void> {
    await this.rows(
      `insert into provider_events_unapplied (event_id, provider, type, reason, detail, object_id, received_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (event_id) do nothing`,
      [event.eventId.slice(0, 255), event.provider, event.type.slice(0, 100), event.reason, event.detail.slice(0, 1000), event.objectId?.slice(0, 255) ?? null, event.receivedAt],
    );
  }

  async unapplied(since: Date | null, limit: number): Promise<UnappliedEvent[]> {
    const rows = await this.rows<UnappliedRow>(
      `select * from provider_events_unapplied ${since ? 'where received_at >= ?' : ''} order by received_at desc, event_id limit ?`,
      since ? [since, limit] : [limit],
    );
    return rows.map((r) => ({
      eventId: r.event_id,
      provider: r.provider,
      type: r.type,
      reason: r.reason,
      detail: r.detail,
      objectId: r.object_id,
      receivedAt: new Date(r.received_at),
    }));
  }

  async refundFailed(limit: number): Promise<RefundFailedBooking[]> {
    const rows = await this.rows<{ id: string; username: string; amount: number; provider_refund_id: string | null; refund_amount: number; failed_at: Date }>(
      `select b.id, u.username, b.amount, r.provider_refund_id, r.amount as refund_amount, r.failed_after_success_at as failed_at
         from bookings b join users u on u.id = b.creator_id
         join refunds r on r.booking_id = b.id and r.failed_after_success_at is not null
        where b.status = 'refund_failed'
        order by r.failed_after_success_at desc, b.id limit ?`,
      [limit],
    );
    const byBooking = new Map<string, RefundFailedBooking>();
    for (const row of rows) {
      const booking = byBooking.get(row.id) ?? { bookingId: row.id, creatorUsername: row.username, amount: row.amount, refunds: [] };
      booking.refunds.push({ providerRefundId: row.provider_refund_id, amount: row.refund_amount, failedAt: new Date(row.failed_at) });
      byBooking.set(row.id, booking);
    }
    return [...byBooking.values()];
  }
}
