import type { Id } from '../../../../shared/ids.js';
import type { Booking } from '../../domain/booking.js';

/** Why a paid booking's money goes back: cancelled by either side, its time taken by another, or refunded at the provider. */
export type RefundReason = 'cancelled_by_creator' | 'cancelled_by_visitor' | 'time_taken' | 'at_provider';

/**
 * A refund of (part of) a booking's payment. The product's own request is one per booking (the rest of the
 * amount, tried until the provider made it); a refund made at the provider is one row per provider refund id.
 */
export interface Refund {
  id: Id;
  bookingId: Id;
  amount: number;
  reason: RefundReason;
  status: 'requested' | 'pending' | 'succeeded' | 'failed';
  providerRefundId: string | null;
  /** Attempts the provider refused outright; each next attempt asks under a new idempotency key. */
  refusals: number;
  /** When the refund was counted against the booking (its share of the earning reversed); null while not. */
  countedAt: Date | null;
  /** When the provider reported it failed after it had succeeded. */
  failedAfterSuccessAt: Date | null;
}

/** What the ledger holds about a booking, for a refund's share of the earning (see reversalFor). */
export interface BookingLedger {
  /** The creator's earning for the booking; 0 when none was credited (a payment for a time already taken). */
  earning: number;
  /** What its counted refunds add up to, and what was reversed for them (a positive number of cents). */
  counted: number;
  reversed: number;
}

/** Refunds and what they change: the booking's state and the creator's ledger. Calls join the current transaction. */
export abstract class RefundStore {
  /** Locks the booking until the transaction ends. */
  abstract lockBooking(id: Id): Promise<Booking | null>;
  /** paid or partially_refunded → refund_due (the rest must go back), its invite's SEQUENCE one higher; false when not. */
  abstract markRefundDue(bookingId: Id): Promise<boolean>;
  /** The booking's own refund, requested once: asked again, the one requested first is answered. */
  abstract request(input: { id: Id; bookingId: Id; amount: number; reason: RefundReason; now: Date }): Promise<Refund>;
  /** The booking's own refund (a cancellation's, or a late payment's), if any. */
  abstract refundOf(bookingId: Id): Promise<Refund | null>;
  /** Every refund of the booking, oldest first. */
  abstract refundsOf(bookingId: Id): Promise<Refund[]>;
  abstract findByProviderId(providerRefundId: string): Promise<Refund | null>;
  /** A refund made at the provider, first heard of (its id null when not told); the row holding that provider refund id when one already does. */
  abstract addProviderRefund(input: { id: Id; bookingId: Id; amount: number; currency: string; providerRefundId: string | null; status: Refund['status']; now: Date }): Promise<Refund>;
  /** The provider's id for a refund that had none yet. */
  abstract attachProviderId(refundId: Id, providerRefundId: string, now: Date): Promise<void>;
  /** The provider's answer to an attempt: pending (its event tells the end) or refused; or an error reaching it. */
  abstract recordAttempt(refundId: Id, outcome: { status: 'pending' | 'failed'; providerRefundId?: string; error?: string; refused?: boolean }, now: Date): Promise<void>;
  /** The refund succeeded; false when it already had. */
  abstract markSucceeded(refundId: Id, providerRefundId: string | null, now: Date): Promise<boolean>;
  /** A refund that had succeeded failed at the provider; false when this was already known. */
  abstract markFailedAfterSuccess(refundId: Id, now: Date): Promise<boolean>;
  abstract ledgerOf(bookingId: Id): Promise<BookingLedger>;
  /** The refund counted against its booking, with its reversal (skipped when 0); false when it already was. */
  abstract count(refund: Refund, booking: Booking, reversal: number, now: Date): Promise<boolean>;
  /** The booking's new status after its refunds; refunded_at set when it becomes refunded. The booking, or null when it was not in `from`. */
  abstract setStatus(bookingId: Id, from: Booking['status'][], to: Booking['status'], now: Date): Promise<Booking | null>;
  /** The booking's invite is cancelled (a full refund of a session that was still on): its SEQUENCE one higher. */
  abstract bumpInvite(bookingId: Id): Promise<void>;
  /** Bookings whose money must go back and is not on its way: refunds to try (again), at most `limit`. */
  abstract dueForRefund(now: Date, limit: number): Promise<Id[]>;
}
