import { Injectable } from '@nestjs/common';
import { JobQueues } from '../../../shared/queues/job-queues.js';
import { EventHandOver } from '../application/ports/event-hand-over.js';
import type { EventBatch } from '../domain/analytics.js';

/**
 * Batches handed over as jobs on the analytics queue (queues in PostgreSQL, REDIS_URL unset), under the batch's
 * id as the job's id; the worker's AnalyticsEventProcessor counts them.
 */
@Injectable()
export class QueuedEventHandOver extends EventHandOver {
  constructor(private readonly queues: JobQueues) {
    super();
  }

  async send(batch: EventBatch): Promise<void> {
    await this.queues.add('analytics', 'events', { batch: batch.id, groups: batch.groups }, { jobId: batch.id });
  }
}
