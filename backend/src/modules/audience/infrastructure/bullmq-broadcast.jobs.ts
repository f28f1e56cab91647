import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { JobQueues } from '../../../shared/queues/job-queues.js';
import { BroadcastJobs } from '../application/ports/broadcast-jobs.js';

/** The job id names the broadcast and the batch: queued twice, a batch runs once. */
@Injectable()
export class BullMqBroadcastJobs extends BroadcastJobs {
  constructor(private readonly queues: JobQueues) {
    super();
  }

  async queueBatch(broadcastId: Id, batch: number): Promise<void> {
    await this.queues.add('maintenance', 'broadcast-batch', { broadcastId, batch }, { jobId: `broadcast-${broadcastId}-${batch}` });
  }
}
