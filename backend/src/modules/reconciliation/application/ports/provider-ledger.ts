import type { ProviderRecords } from '../../domain/records.js';
import type { UtcDay } from '../../domain/utc-day.js';

/**
 * The payment provider's own records, read-only: Stripe's balance transactions and refunds through its API,
 * or the local test provider's payment tables.
 */
export abstract class ProviderLedger {
  abstract readonly provider: 'stripe' | 'local';
  /** The payments taken and the refunds made during the day. */
  abstract day(day: UtcDay): Promise<ProviderRecords>;
  /** Everything the provider holds of these payment intents, whatever their day: a succeeded charge, every refund. */
  abstract ofIntents(intentIds: readonly string[]): Promise<ProviderRecords>;
}
