import { Injectable } from '@nestjs/common';
import type { QueueJob } from '../../../shared/queues/job-processor.js';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { BroadcastsUseCase } from '../application/broadcasts.use-case.js';

/** One batch of a broadcast (BROADCAST_BATCH_SIZE recipients); a failed batch is retried, sending nobody twice. */
@Injectable()
export class BroadcastBatchProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['broadcast-batch'] as const;

  constructor(private readonly broadcasts: BroadcastsUseCase) {
    super();
  }

  async process(job: QueueJob<'maintenance'>): Promise<{ queued: number }> {
    const { broadcastId, batch } = job.data as { broadcastId: string; batch: number };
    return { queued: await this.broadcasts.sendBatch(broadcastId, batch) };
  }
}
