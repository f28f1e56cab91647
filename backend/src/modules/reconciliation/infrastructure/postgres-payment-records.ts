import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { PaymentRecords } from '../application/ports/payment-records.js';
import type { BookingRecord, OurRecords, RefundRecord, SubscriptionRecord } from '../domain/records.js';
import type { UtcDay } from '../domain/utc-day.js';

interface BookingRow {
  id: string;
  payment_intent_id: string | null;
  amount: number;
  user_amount: number;
  status: string;
  paid_at: Date | null;
  earning: string | null;
  reversal: string;
}

interface RefundRow {
  id: string;
  booking_id: string;
  payment_intent_id: string | null;
  amount: number;
  status: string;
  reason: string;
  provider_refund_id: string | null;
}

interface SubscriptionRow {
  id: string;
  user_id: string;
  status: string;
  customer_id: string | null;
}

/**
 * Every sale paid through the provider — bookings, and product orders and tips (issue 27: the same money path,
 * reconciled as bookings are; an order is a record here under its own id).
 */
const SALES = `(select id, payment_intent_id, amount, user_amount, status, paid_at from bookings
                union all select id, payment_intent_id, amount, user_amount, status, paid_at from orders)`;

/** A sale with its ledger sums: earnings and reversals (other kinds of ledger entry are not read). */
const BOOKINGS = `
  select b.id, b.payment_intent_id, b.amount, b.user_amount, b.status, b.paid_at,
         (select sum(l.amount) from ledger_entries l where (l.booking_id = b.id or l.order_id = b.id) and l.kind = 'earning') as earning,
         (select coalesce(sum(l.amount), 0) from ledger_entries l where (l.booking_id = b.id or l.order_id = b.id) and l.kind = 'reversal') as reversal
    from ${SALES} b`;

const toBooking = (r: BookingRow): BookingRecord => ({
  id: r.id,
  intentId: r.payment_intent_id,
  amount: Number(r.amount),
  userAmount: Number(r.user_amount),
  status: r.status,
  paidAt: r.paid_at ? new Date(r.paid_at) : null,
  earning: r.earning === null ? null : Number(r.earning),
  reversal: Number(r.reversal),
});

const toRefund = (r: RefundRow): RefundRecord => ({
  id: r.id,
  bookingId: r.booking_id,
  intentId: r.payment_intent_id,
  amount: Number(r.amount),
  status: r.status,
  reason: r.reason,
  providerRefundId: r.provider_refund_id,
});

const toSubscription = (r: SubscriptionRow): SubscriptionRecord => ({
  id: r.id,
  userId: r.user_id,
  status: r.status,
  customerId: r.customer_id,
});

/**
 * The product's payment records in PostgreSQL (billing's tables: bookings, refunds, ledger_entries,
 * subscriptions, billing_customers), read-only, as a read model: nothing here changes them.
 */
@Injectable()
export class PostgresPaymentRecords extends PaymentRecords {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async day(day: UtcDay): Promise<OurRecords> {
    const { rows } = await this.pool.query<BookingRow>(
      `${BOOKINGS}
        where b.id in (select id from bookings where paid_at >= $1 and paid_at < $2
                       union select id from orders where paid_at >= $1 and paid_at < $2
                       union select coalesce(booking_id, order_id) from refunds where updated_at >= $1 and updated_at < $2)`,
      [day.start, day.end],
    );
    return {
      bookings: rows.map(toBooking),
      refunds: await this.refundsOf(rows.map((row) => row.id)),
      subscriptions: [],
    };
  }

  async find(keys: {
    intentIds: readonly string[];
    subscriptionIds: readonly string[];
    customerIds: readonly string[];
  }): Promise<OurRecords> {
    const bookings =
      keys.intentIds.length === 0
        ? []
        : (
            await this.pool.query<BookingRow>(`${BOOKINGS} where b.payment_intent_id = any($1::varchar[])`, [
              keys.intentIds,
            ])
          ).rows;
    const subscriptions =
      keys.subscriptionIds.length + keys.customerIds.length === 0
        ? []
        : (
            await this.pool.query<SubscriptionRow>(
              `select s.id, s.user_id, s.status, c.customer_id
                 from subscriptions s left join billing_customers c on c.user_id = s.user_id
                where s.id = any($1::varchar[]) or c.customer_id = any($2::varchar[])`,
              [keys.subscriptionIds, keys.customerIds],
            )
          ).rows;
    return {
      bookings: bookings.map(toBooking),
      refunds: await this.refundsOf(bookings.map((row) => row.id)),
      subscriptions: subscriptions.map(toSubscription),
    };
  }

  /** Every refund of these sales (bookings and orders), whatever its day. */
  private async refundsOf(bookingIds: string[]): Promise<RefundRecord[]> {
    if (bookingIds.length === 0) return [];
    const { rows } = await this.pool.query<RefundRow>(
      `select r.id, coalesce(r.booking_id, r.order_id) as booking_id, b.payment_intent_id, r.amount, r.status, r.reason, r.provider_refund_id
         from refunds r join ${SALES} b on b.id = coalesce(r.booking_id, r.order_id)
        where coalesce(r.booking_id, r.order_id) = any($1::uuid[])`,
      [bookingIds],
    );
    return rows.map(toRefund);
  }
}
