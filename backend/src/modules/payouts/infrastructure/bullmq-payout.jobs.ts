import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { JobQueues } from '../../../shared/queues/job-queues.js';
import { PayoutJobs } from '../application/ports/payout-jobs.js';

/** The job id is the payout's (`payout-<id>`), so a payout already queued is not queued twice. */
export const sendJobId = (payoutId: Id) => `payout-${payoutId}`;

@Injectable()
export class BullMqPayoutJobs extends PayoutJobs {
  constructor(private readonly queues: JobQueues) {
    super();
  }

  async send(payoutIds: Id[]): Promise<void> {
    await this.queues.addBulk(
      'payouts',
      payoutIds.map((payoutId) => ({
        name: 'send' as const,
        data: { payoutId },
        opts: { jobId: sendJobId(payoutId) },
      })),
    );
  }
}
