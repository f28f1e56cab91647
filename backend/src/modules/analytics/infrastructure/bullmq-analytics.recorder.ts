import { Injectable, Logger } from '@nestjs/common';
import { newId } from '../../../shared/ids.js';
import { JobQueues } from '../../../shared/queues/job-queues.js';
import { AnalyticsRecorder } from '../application/ports/analytics-recorder.js';
import type { AnalyticsEvent } from '../domain/analytics.js';

/**
 * Records a view or click by enqueueing it (one small write to Redis or the queue table); the worker counts
 * it. The job id is the event's id, which the worker's rollups remember, so it is counted exactly once.
 * When the queue cannot be reached the visitor is still served: the event is lost and the loss logged.
 */
@Injectable()
export class BullMqAnalyticsRecorder extends AnalyticsRecorder {
  private readonly logger = new Logger('Analytics');

  constructor(private readonly queues: JobQueues) {
    super();
  }

  async record(event: AnalyticsEvent): Promise<void> {
    const id = newId();
    try {
      await this.queues.add(
        'analytics',
        'event',
        {
          id,
          kind: event.kind,
          ownerId: event.ownerId,
          linkId: event.linkId,
          occurredAt: event.occurredAt.toISOString(),
          referrerHost: event.referrer,
          device: event.device,
        },
        { jobId: id },
      );
    } catch (error) {
      this.logger.error(`A ${event.kind} was not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
