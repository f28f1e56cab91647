import type { Id } from '../../../../shared/ids.js';

/** Work handed to the worker: sending payouts, one job per payout (a payout is queued at most once at a time). */
export abstract class PayoutJobs {
  abstract send(payoutIds: Id[]): Promise<void>;
}
