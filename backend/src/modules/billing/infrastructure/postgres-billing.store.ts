import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAID_BOOKING_STATUSES, UNPAID_BOOKING_STATUSES } from '@linkbio/shared-contracts';
import { newId, type Id } from '../../../shared/ids.js';
import { queueEmail, type OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { BillingStore, type BookingPosition, type Creator } from '../application/ports/billing.store.js';
import type { Booking } from '../domain/booking.js';
import { toBooking, type BookingRow } from './booking-rows.js';
import { grantsPremium, type Subscription } from '../domain/subscription.js';

interface SubscriptionRow {
  id: string;
  user_id: string;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  last_event_created: string | number;
  superseded_at: Date | null;
}

interface CreatorRow {
  id: string;
  username: string;
  display_name: string;
  email: string;
  enable_booking: boolean;
  booking_price: number | null;
  is_premium: boolean;
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  userId: r.user_id,
  status: r.status,
  currentPeriodEnd: r.current_period_end ? new Date(r.current_period_end) : null,
  cancelAtPeriodEnd: r.cancel_at_period_end,
  lastEventCreated: Number(r.last_event_created),
  supersededAt: r.superseded_at ? new Date(r.superseded_at) : null,
});

const toCreator = (r: CreatorRow): Creator => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  email: r.email,
  enableBooking: r.enable_booking,
  bookingPrice: r.booking_price,
  isPremium: r.is_premium,
});

const CREATOR_COLUMNS = 'id, username, display_name, email, enable_booking, booking_price, is_premium';

/**
 * PostgreSQL, in plain SQL: every money change is a conditional UPDATE or an INSERT guarded by a unique key,
 * so concurrent deliveries cannot both win. The injected EntityManager joins the surrounding transaction.
 */
@Injectable()
export class PostgresBillingStore extends BillingStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async findCreatorByUsername(username: string): Promise<Creator | null> {
    if (username.includes('\u0000')) return null;
    const name = username.toLowerCase();
    const [row] = await this.rows<CreatorRow>(`select ${CREATOR_COLUMNS} from users where lower(username) = ?`, [name]);
    if (row) return toCreator(row);
    // A booking page opened before its creator changed username sends the old name: it is still theirs for
    // 30 days (username_holds), unless the account was deleted.
    const [held] = await this.rows<CreatorRow>(
      `select ${CREATOR_COLUMNS} from users
        where deleted_at is null and id = (select user_id from username_holds where username = ? and held_until > now())`,
      [name],
    );
    return held ? toCreator(held) : null;
  }

  async findCreator(id: Id): Promise<Creator | null> {
    const [row] = await this.rows<CreatorRow>(`select ${CREATOR_COLUMNS} from users where id = ?`, [id]);
    return row ? toCreator(row) : null;
  }

  /** A type deleted a moment ago leaves the booking without its id (as deleting it later does), its name kept. */
  async addBooking(b: Booking): Promise<void> {
    await this.rows(
      `insert into bookings (id, creator_id, customer_name, customer_email, customer_phone, message, user_amount,
         platform_fee, amount, status, payment_intent_id, created_at, paid_at, slot_start, slot_end, hold_expires_at,
         visitor_time_zone, visitor_locale, join_list, session_type_id, session_name, location, answers, source, medium, campaign, country)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (select id from session_types where id = ?), ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)`,
      [b.id, b.creatorId, b.customerName, b.customerEmail, b.customerPhone, b.message, b.userAmount, b.platformFee, b.amount,
        b.status, b.paymentIntentId, b.createdAt, b.paidAt, b.slotStart, b.slotEnd, b.holdExpiresAt, b.visitorTimeZone, b.visitorLocale, b.joinList === true,
        b.sessionTypeId, b.sessionName, b.location === null ? null : JSON.stringify(b.location), JSON.stringify(b.answers),
        b.attribution.source, b.attribution.medium, b.attribution.campaign, b.attribution.country],
    );
  }

  async attachIntent(bookingId: Id, intentId: string): Promise<void> {
    await this.rows('update bookings set payment_intent_id = ? where id = ? and payment_intent_id is null', [intentId, bookingId]);
  }

  async findBooking(id: Id): Promise<Booking | null> {
    const [row] = await this.rows<BookingRow>('select * from bookings where id = ?', [id]);
    return row ? toBooking(row) : null;
  }

  async findBookingByIntent(intentId: string): Promise<Booking | null> {
    const [row] = await this.rows<BookingRow>('select * from bookings where payment_intent_id = ?', [intentId]);
    return row ? toBooking(row) : null;
  }

  async paidBookingsOf(creatorId: Id, page: { limit: number; after: BookingPosition | null }): Promise<Booking[]> {
    const after = page.after ? 'and (created_at, id) < (?, ?)' : '';
    const rows = await this.rows<BookingRow>(
      `select * from bookings where creator_id = ? and status in (${placeholders(PAID_BOOKING_STATUSES)}) ${after}
        order by created_at desc, id desc limit ?`,
      [creatorId, ...PAID_BOOKING_STATUSES, ...(page.after ? [page.after.createdAt, page.after.id] : []), page.limit],
    );
    return rows.map(toBooking);
  }

  async countUnpaidAttempts(creatorId: Id): Promise<number> {
    const [row] = await this.rows<{ n: number }>(
      `select count(*)::int as n from bookings where creator_id = ? and status in (${placeholders(UNPAID_BOOKING_STATUSES)})`,
      [creatorId, ...UNPAID_BOOKING_STATUSES],
    );
    return row?.n ?? 0;
  }

  async markPaid(bookingId: Id, intentId: string, amount: number, now: Date): Promise<Booking | null> {
    const [row] = await this.rows<BookingRow>(
      `update bookings set status = 'paid', paid_at = ?, payment_intent_id = ?
        where id = ? and status in ('pending_payment', 'failed', 'expired') and amount = ?
          and (payment_intent_id is null or payment_intent_id = ?)
        returning *`,
      [now, intentId, bookingId, amount, intentId],
    );
    return row ? toBooking(row) : null;
  }

  async markRefundDue(bookingId: Id): Promise<void> {
    await this.rows("update bookings set status = 'refund_due' where id = ? and status = 'paid'", [bookingId]);
  }

  async markFailed(bookingId: Id, intentId: string | null): Promise<boolean> {
    const rows = await this.rows(
      `update bookings set status = 'failed' where id = ? and status = 'pending_payment'
         and (payment_intent_id is null or payment_intent_id = ?)
       returning id`,
      [bookingId, intentId],
    );
    return rows.length === 1;
  }

  async expireHolds(now: Date): Promise<Id[]> {
    const rows = await this.rows<{ id: Id }>(
      `update bookings set status = 'expired'
        where hold_expires_at is not null and hold_expires_at <= ? and status in ('pending_payment', 'failed')
        returning id`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  async creditCreator(booking: Booking, now: Date): Promise<void> {
    await this.rows(
      `insert into ledger_entries (id, creator_id, booking_id, amount, created_at) values (?, ?, ?, ?, ?)
       on conflict (booking_id) where kind = 'earning' do nothing`,
      [newId(), booking.creatorId, booking.id, booking.userAmount, now],
    );
  }

  async recordEvent(id: string, type: string, now: Date): Promise<boolean> {
    const rows = await this.rows(
      'insert into processed_events (id, type, processed_at) values (?, ?, ?) on conflict (id) do nothing returning id',
      [id, type.slice(0, 100), now],
    );
    return rows.length === 1;
  }

  async customerOf(userId: Id): Promise<string | null> {
    const [row] = await this.rows<{ customer_id: string }>('select customer_id from billing_customers where user_id = ?', [userId]);
    return row?.customer_id ?? null;
  }

  async saveCustomer(userId: Id, customerId: string): Promise<void> {
    await this.rows('insert into billing_customers (user_id, customer_id) values (?, ?) on conflict (user_id) do nothing', [userId, customerId]);
  }

  async lockSubscription(id: string): Promise<Subscription | null> {
    const [row] = await this.rows<SubscriptionRow>('select * from subscriptions where id = ? for update', [id]);
    return row ? toSubscription(row) : null;
  }

  async latestSubscriptionOf(userId: Id): Promise<Subscription | null> {
    const [row] = await this.rows<SubscriptionRow>(
      `select * from subscriptions where user_id = ?
        order by (status in ('active', 'trialing', 'past_due')) desc, (superseded_at is null) desc, created_at desc limit 1`,
      [userId],
    );
    return row ? toSubscription(row) : null;
  }

  async pendingSubscriptionOf(userId: Id, since: Date): Promise<string | null> {
    const [row] = await this.rows<{ id: string }>(
      `select id from subscriptions where user_id = ? and status = 'incomplete' and created_at > ?
        order by created_at desc limit 1`,
      [userId, since],
    );
    return row?.id ?? null;
  }

  async saveSubscription(s: Subscription, now: Date): Promise<void> {
    await this.rows(
      `insert into subscriptions (id, user_id, status, current_period_end, cancel_at_period_end, last_event_created, created_at, updated_at,
         superseded_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set status = excluded.status, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, last_event_created = excluded.last_event_created,
         updated_at = excluded.updated_at`,
      [s.id, s.userId, s.status, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.lastEventCreated, now, now, s.supersededAt ?? null],
    );
  }

  async lockPremiumOf(userId: Id): Promise<void> {
    // A transaction-level advisory lock, keyed by the creator: released at commit or rollback.
    await this.rows("select pg_advisory_xact_lock(hashtextextended('premium:' || ?, 0)) as locked", [userId]);
  }

  async liveSubscriptionsOf(userId: Id): Promise<Subscription[]> {
    const rows = await this.rows<SubscriptionRow>(
      `select * from subscriptions where user_id = ? and status not in ('canceled', 'incomplete_expired')
        order by superseded_at nulls first, created_at desc, id`,
      [userId],
    );
    return rows.map(toSubscription);
  }

  async supersededLiveSubscriptions(limit: number): Promise<Subscription[]> {
    const rows = await this.rows<SubscriptionRow>(
      `select * from subscriptions where superseded_at is not null and status not in ('canceled', 'incomplete_expired')
        order by superseded_at limit ?`,
      [limit],
    );
    return rows.map(toSubscription);
  }

  async openSubscriptionsOf(userId: Id): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(
      `select id from subscriptions where user_id = ? and status not in ('canceled', 'incomplete_expired') order by created_at, id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  async refreshPremium(userId: Id, now: Date): Promise<boolean> {
    const rows = await this.rows<SubscriptionRow>('select * from subscriptions where user_id = ?', [userId]);
    const premium = rows.map(toSubscription).some((s) => grantsPremium(s, now));
    // The users row belongs to identity; its is_premium flag is billing's to keep, in the same transaction.
    await this.rows('update users set is_premium = ?, updated_at = ? where id = ? and is_premium <> ?', [premium, now, userId, premium]);
    return premium;
  }

  async lapsedSubscriptions(now: Date, userId?: Id): Promise<Subscription[]> {
    const rows = await this.rows<SubscriptionRow>(
      `select * from subscriptions
        where cancel_at_period_end and current_period_end <= ? and status in ('active', 'trialing', 'past_due')
          ${userId ? 'and user_id = ?' : ''}
        limit 500`,
      userId ? [now, userId] : [now],
    );
    return rows.map(toSubscription);
  }

  enqueueEmail(email: OutgoingEmail, now: Date): Promise<void> {
    return queueEmail(this.em, email, now);
  }
}
