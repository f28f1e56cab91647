import { ProviderLedger } from '../application/ports/provider-ledger.js';
import type { ProviderRecords } from '../domain/records.js';
import type { UtcDay } from '../domain/utc-day.js';

/** The provider's records in memory: a payment or refund belongs to the day of its `at`. */
export class InMemoryProviderLedger extends ProviderLedger {
  readonly records: ProviderRecords = { payments: [], refunds: [] };
  /** The intents asked for one by one, in order (ofIntents). */
  readonly asked: string[][] = [];

  constructor(readonly provider: 'stripe' | 'local' = 'stripe') {
    super();
  }

  day(day: UtcDay): Promise<ProviderRecords> {
    const within = (at: Date) => at >= day.start && at < day.end;
    return Promise.resolve({
      payments: this.records.payments.filter((p) => within(p.at)),
      refunds: this.records.refunds.filter((r) => within(r.at)),
    });
  }

  ofIntents(intentIds: readonly string[]): Promise<ProviderRecords> {
    this.asked.push([...intentIds]);
    const ids = new Set(intentIds);
    return Promise.resolve({
      payments: this.records.payments.filter((p) => ids.has(p.intentId)),
      refunds: this.records.refunds.filter((r) => r.intentId !== null && ids.has(r.intentId)),
    });
  }
}
