import type { OurRecords } from '../../domain/records.js';
import type { UtcDay } from '../../domain/utc-day.js';

/** The product's own payment records, read-only: bookings and their ledger entries, refunds, subscriptions. */
export abstract class PaymentRecords {
  /**
   * The bookings paid during the day and those with a refund made or changed during it, each with all of its
   * refunds and ledger sums.
   */
  abstract day(day: UtcDay): Promise<OurRecords>;
  /** The bookings paid by these intents (each with its refunds), and the subscriptions named or of these customers. */
  abstract find(keys: {
    intentIds: readonly string[];
    subscriptionIds: readonly string[];
    customerIds: readonly string[];
  }): Promise<OurRecords>;
}
