import type { Id } from '../../../../shared/ids.js';
import type { Booking } from '../../domain/booking.js';

/** Why a paid booking's money goes back: cancelled by either side, its time taken by another, or refunded at the provider. */
export type RefundReason = 'cancelled_by_creator' | 'cancelled_by_visitor' | 'time_taken' | 'at_provider';

/** A booking's refund: one per booking, requested once, tried until the provider made it. */
export interface Refund {
  id: Id;
  bookingId: Id;
  amount: number;
  reason: RefundReason;
  status: 'requested' | 'pending' | 'succeeded' | 'failed';
  providerRefundId: string | null;
  /** Attempts the provider refused outright; each next attempt asks under a new idempotency key. */
  refusals: number;
}

/** Refunds and what they change: the booking's state and the creator's ledger. Calls join the current transaction. */
export abstract class RefundStore {
  /** Locks the booking until the transaction ends. */
  abstract lockBooking(id: Id): Promise<Booking | null>;
  /** paid → refund_due (the money must go back), its invite's SEQUENCE one higher; false when it was not paid. */
  abstract markRefundDue(bookingId: Id): Promise<boolean>;
  /** The booking's refund, requested once: asked again, the one requested first is answered. */
  abstract request(input: { id: Id; bookingId: Id; amount: number; reason: RefundReason; now: Date }): Promise<Refund>;
  abstract refundOf(bookingId: Id): Promise<Refund | null>;
  /** The provider's answer to an attempt: pending (its event tells the end) or refused; or an error reaching it. */
  abstract recordAttempt(refundId: Id, outcome: { status: 'pending' | 'failed'; providerRefundId?: string; error?: string; refused?: boolean }, now: Date): Promise<void>;
  /** refund_due → refunded, the refund succeeded; the booking when this call made the change, else null. */
  abstract markRefunded(bookingId: Id, providerRefundId: string | null, now: Date): Promise<Booking | null>;
  /** The creator's earning for the booking reversed: a negative ledger entry of the same amount, at most once. */
  abstract reverseEarning(booking: Booking, now: Date): Promise<void>;
  /** Bookings whose money must go back and is not on its way: refunds to try (again), at most `limit`. */
  abstract dueForRefund(now: Date, limit: number): Promise<Id[]>;
}
