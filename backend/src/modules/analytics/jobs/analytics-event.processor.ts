import { Injectable } from '@nestjs/common';
import { JobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { AggregateAnalyticsUseCase } from '../application/aggregate-analytics.use-case.js';
import type { AnalyticsEventJob } from '../../../shared/queues/queue-definitions.js';
import type { RecordedEvent } from '../domain/analytics.js';

const BATCH_MAX = 200;
const BATCH_WAIT_MS = 50;

interface Pending {
  events: RecordedEvent[];
  done: (error?: unknown) => void;
}

const toEvent = (data: AnalyticsEventJob): RecordedEvent => ({
  id: data.id,
  kind: data.kind,
  ownerId: data.ownerId,
  linkId: data.linkId,
  occurredAt: new Date(data.occurredAt),
  referrer: data.referrerHost,
  device: data.device,
});

/**
 * Views and clicks, counted in batches: the worker runs many jobs at once (each carries the events one API
 * process queued together, or one event), and each waits here until its events are applied in one
 * transaction (at BATCH_MAX events or after BATCH_WAIT_MS). A job completes only after its batch committed;
 * a failed batch fails all its jobs, which are retried.
 */
@Injectable()
export class AnalyticsEventProcessor extends JobProcessor<'analytics'> {
  readonly queue = 'analytics';
  readonly jobs = ['events', 'event'] as const;
  override readonly concurrency = BATCH_MAX;
  private pending: Pending[] = [];
  private pendingEvents = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly aggregate: AggregateAnalyticsUseCase) {
    super();
  }

  process(job: QueueJob<'analytics'>): Promise<void> {
    const events = job.name === 'events' ? (job.data as { events: AnalyticsEventJob[] }).events.map(toEvent) : [toEvent(job.data as AnalyticsEventJob)];
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ events, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.pendingEvents += events.length;
      if (this.pendingEvents >= BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.pendingEvents = 0;
    if (batch.length === 0) return;
    this.aggregate.execute(batch.flatMap((p) => p.events)).then(
      () => batch.forEach((p) => p.done()),
      (error: unknown) => batch.forEach((p) => p.done(error instanceof Error ? error : new Error(String(error)))),
    );
  }
}
