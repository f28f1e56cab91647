import { Injectable } from '@nestjs/common';
import { PaymentIssueStore, type RefundFailedBooking, type UnappliedEvent } from './ports/payment-issue.store.js';

/** At most this many lines per listing (the newest). */
const LIMIT = 500;

/** What operators must look at about payments (npm run ops -- payments:unapplied | payments:refund-failed). */
@Injectable()
export class ListPaymentIssuesUseCase {
  constructor(private readonly issues: PaymentIssueStore) {}

  /** Provider events not applied, received since the date (all when null), newest first. */
  unapplied(since: Date | null): Promise<UnappliedEvent[]> {
    return this.issues.unapplied(since, LIMIT);
  }

  /** Bookings whose refund failed after it had succeeded, newest failure first. */
  refundFailed(): Promise<RefundFailedBooking[]> {
    return this.issues.refundFailed(LIMIT);
  }
}
