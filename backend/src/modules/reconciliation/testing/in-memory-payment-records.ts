import { PaymentRecords } from '../application/ports/payment-records.js';
import type { BookingRecord, OurRecords, RefundRecord, SubscriptionRecord } from '../domain/records.js';
import type { UtcDay } from '../domain/utc-day.js';

/** Our records in memory; a refund's day is given beside it (`changedAt`), as the refunds table's updated_at. */
export class InMemoryPaymentRecords extends PaymentRecords {
  readonly bookings: BookingRecord[] = [];
  readonly refunds: Array<RefundRecord & { changedAt: Date }> = [];
  readonly subscriptions: SubscriptionRecord[] = [];

  day(day: UtcDay): Promise<OurRecords> {
    const within = (at: Date | null) => at !== null && at >= day.start && at < day.end;
    const ids = new Set([
      ...this.bookings.filter((b) => within(b.paidAt)).map((b) => b.id),
      ...this.refunds.filter((r) => within(r.changedAt)).map((r) => r.bookingId),
    ]);
    return Promise.resolve(
      this.of(
        this.bookings.filter((b) => ids.has(b.id)),
        [],
      ),
    );
  }

  find(keys: {
    intentIds: readonly string[];
    subscriptionIds: readonly string[];
    customerIds: readonly string[];
  }): Promise<OurRecords> {
    const subscriptions = this.subscriptions.filter(
      (s) => keys.subscriptionIds.includes(s.id) || (s.customerId !== null && keys.customerIds.includes(s.customerId)),
    );
    return Promise.resolve(
      this.of(
        this.bookings.filter((b) => b.intentId !== null && keys.intentIds.includes(b.intentId)),
        subscriptions,
      ),
    );
  }

  private of(bookings: BookingRecord[], subscriptions: SubscriptionRecord[]): OurRecords {
    const ids = new Set(bookings.map((b) => b.id));
    const refunds = this.refunds
      .filter((r) => ids.has(r.bookingId))
      .map(({ changedAt: _changedAt, ...refund }) => refund);
    return { bookings: bookings.map((b) => ({ ...b })), refunds, subscriptions: subscriptions.map((s) => ({ ...s })) };
  }
}
