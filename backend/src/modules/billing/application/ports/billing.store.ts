import type { OutgoingEmail } from '../../../../shared/email/outgoing-email.js';
import type { Id } from '../../../../shared/ids.js';
import type { Booking } from '../../domain/booking.js';
import type { Subscription } from '../../domain/subscription.js';

/** Where a page of bookings ends: the last booking's creation time and id. */
export interface BookingPosition {
  createdAt: Date;
  id: Id;
}

export interface Creator {
  id: Id;
  username: string;
  displayName: string;
  email: string;
  enableBooking: boolean;
  bookingPrice: number | null;
  isPremium: boolean;
}

/** Bookings, ledger, processed events, subscriptions and the e-mail outbox. Calls join the current transaction. */
export abstract class BillingStore {
  abstract findCreatorByUsername(username: string): Promise<Creator | null>;
  abstract findCreator(id: Id): Promise<Creator | null>;

  abstract addBooking(booking: Booking): Promise<void>;
  abstract attachIntent(bookingId: Id, intentId: string): Promise<void>;
  abstract findBooking(id: Id): Promise<Booking | null>;
  abstract findBookingByIntent(intentId: string): Promise<Booking | null>;
  /**
   * The creator's bookings that were paid for (PAID_BOOKING_STATUSES), newest first (created_at, then id),
   * at most `limit`, after the booking `after` when given: requests still waiting for payment, failed and
   * expired ones are a visitor's attempts, not the creator's bookings.
   */
  abstract paidBookingsOf(creatorId: Id, page: { limit: number; after: BookingPosition | null }): Promise<Booking[]>;
  /** How many of the creator's bookings are a visitor's unpaid attempts (UNPAID_BOOKING_STATUSES). */
  abstract countUnpaidAttempts(creatorId: Id): Promise<number>;
  /**
   * pending_payment/failed/expired → paid, when the intent and amount match. Returns the booking only to the
   * one caller that made the change (a row lock orders concurrent callers), null to every other.
   */
  abstract markPaid(bookingId: Id, intentId: string, amount: number, now: Date): Promise<Booking | null>;
  /** paid → refund_due: the payment came after the hold ran out and the time went to someone else. */
  abstract markRefundDue(bookingId: Id): Promise<void>;
  /**
   * pending_payment → failed (intentId: the failed payment, or null when none could be made); a paid booking
   * stays paid. True when this call made the change.
   */
  abstract markFailed(bookingId: Id, intentId: string | null): Promise<boolean>;
  /** pending_payment/failed bookings whose held slot ran out unpaid → expired; returns their ids. */
  abstract expireHolds(now: Date): Promise<Id[]>;
  /** The creator's earning for a paid booking: at most one per booking. */
  abstract creditCreator(booking: Booking, now: Date): Promise<void>;

  /** False when this event id was already processed (unique key, committed with the event's effects). */
  abstract recordEvent(id: string, type: string, now: Date): Promise<boolean>;

  abstract customerOf(userId: Id): Promise<string | null>;
  abstract saveCustomer(userId: Id, customerId: string): Promise<void>;
  /** Locks the row until the transaction ends. */
  abstract lockSubscription(id: string): Promise<Subscription | null>;
  abstract latestSubscriptionOf(userId: Id): Promise<Subscription | null>;
  /** The id of the creator's newest subscription still waiting for its first payment, made after `since`. */
  abstract pendingSubscriptionOf(userId: Id, since: Date): Promise<string | null>;
  /**
   * Serializes the creator's Premium changes (subscribe, cancel, a subscription the provider reports first):
   * held until the current transaction ends.
   */
  abstract lockPremiumOf(userId: Id): Promise<void>;
  /** The creator's live subscriptions (not canceled / incomplete_expired): the one not superseded first, then newest first. */
  abstract liveSubscriptionsOf(userId: Id): Promise<Subscription[]>;
  /** Live subscriptions marked superseded, to cancel at the provider: the oldest mark first, at most `limit`. */
  abstract supersededLiveSubscriptions(limit: number): Promise<Subscription[]>;
  /** The ids of the creator's subscriptions not ended at the provider (any status but canceled or incomplete_expired). */
  abstract openSubscriptionsOf(userId: Id): Promise<string[]>;
  abstract saveSubscription(subscription: Subscription, now: Date): Promise<void>;
  /** users.is_premium := whether any of the creator's subscriptions grants Premium at `now`. */
  abstract refreshPremium(userId: Id, now: Date): Promise<boolean>;
  /** Creators with a subscription cancelled at period end whose period has ended, and not yet ended here. */
  abstract lapsedSubscriptions(now: Date, userId?: Id): Promise<Subscription[]>;

  abstract enqueueEmail(email: OutgoingEmail, now: Date): Promise<void>;
}
