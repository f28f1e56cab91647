import type { Id } from '../../../shared/ids.js';
import { PayoutJobs } from '../application/ports/payout-jobs.js';

/** Remembers the payouts queued for sending, in order; `failing` makes the queue look away. */
export class RecordingPayoutJobs extends PayoutJobs {
  readonly sent: Id[] = [];
  failing = false;

  send(payoutIds: Id[]): Promise<void> {
    if (this.failing) return Promise.reject(new Error('queue unavailable'));
    this.sent.push(...payoutIds);
    return Promise.resolve();
  }
}
