import { Injectable } from '@nestjs/common';
import { PAYOUT_STATUSES } from '@linkbio/shared-contracts';
import { Metrics } from '../../../shared/metrics/metrics.js';
import { PayoutStore } from './ports/payout.store.js';

/** Payouts by state (on hold, pending, processing, awaiting manual, paid, failed), counted at each scrape. */
@Injectable()
export class PayoutMetrics {
  constructor(metrics: Metrics, store: PayoutStore) {
    metrics.gauge({
      name: 'linkbio_payouts',
      help: 'Payouts in each state, read from the database at scrape time.',
      labelNames: ['state'],
      read: async () => {
        const counts = await store.countByStatus();
        return PAYOUT_STATUSES.map((state) => ({ labels: { state }, value: counts[state] }));
      },
    });
  }
}
