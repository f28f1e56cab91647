import type { Unapplied } from '../unapplied-events.js';

export interface UnappliedEvent extends Unapplied {
  eventId: string;
  provider: 'stripe' | 'local';
  type: string;
  receivedAt: Date;
}

/** A booking whose refund failed after it had succeeded: the visitor may not have the money back. */
export interface RefundFailedBooking {
  bookingId: string;
  creatorUsername: string;
  amount: number;
  /** The failed refunds' provider ids and amounts. */
  refunds: Array<{ providerRefundId: string | null; amount: number; failedAt: Date }>;
}

/** What operators must look at about payments: provider events not applied, refunds failed after success. */
export abstract class PaymentIssueStore {
  /** Kept once per event id (a delivery repeated adds nothing). */
  abstract recordUnapplied(event: UnappliedEvent): Promise<void>;
  /** Since a date (received at or after), newest first, at most `limit`. */
  abstract unapplied(since: Date | null, limit: number): Promise<UnappliedEvent[]>;
  abstract refundFailed(limit: number): Promise<RefundFailedBooking[]>;
}
