import { Injectable } from '@nestjs/common';
import { Metrics, type Counter, type Histogram } from '../../../shared/metrics/metrics.js';
import { JobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { AggregateAnalyticsUseCase } from '../application/aggregate-analytics.use-case.js';
import type { AnalyticsEventJob } from '../../../shared/queues/queue-definitions.js';
import type { AnalyticsEvent, EventBatch } from '../domain/analytics.js';

const BATCH_MAX = 200;
const BATCH_WAIT_MS = 50;
/** Seconds from a view or click to its being counted: usually well under one, minutes while the queue was away. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

interface Pending {
  batches: EventBatch[];
  events: number;
  /** When its earliest event happened (ms). */
  earliest: number;
  done: (error?: unknown) => void;
}

const toEvent = (data: AnalyticsEventJob): AnalyticsEvent => ({
  kind: data.kind,
  ownerId: data.ownerId,
  linkId: data.linkId,
  occurredAt: new Date(data.occurredAt),
  referrer: data.referrerHost,
  device: data.device,
});

/**
 * A job's batches: the batch the API queued, by its id; events queued one by one or in a batch without an
 * id (by API processes before batches had ids) are each a batch of their own, by the event's id.
 */
function batchesOf(job: QueueJob<'analytics'>): EventBatch[] {
  if (job.name === 'event') {
    const data = job.data as AnalyticsEventJob;
    return [{ id: data.id!, events: [toEvent(data)] }];
  }
  const data = job.data as { batch?: string; events: AnalyticsEventJob[] };
  if (data.batch !== undefined) return [{ id: data.batch, events: data.events.map(toEvent) }];
  return data.events.map((event) => ({ id: event.id!, events: [toEvent(event)] }));
}

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
  private readonly aggregated: Counter<never>;
  private readonly lag: Histogram<never>;

  constructor(
    private readonly aggregate: AggregateAnalyticsUseCase,
    metrics: Metrics,
  ) {
    super();
    this.aggregated = metrics.counter({
      name: 'linkbio_analytics_events_aggregated_total',
      help: 'Views and clicks counted into the analytics (each once: a batch delivered again counts nothing).',
    });
    this.lag = metrics.histogram({
      name: 'linkbio_analytics_aggregation_lag_seconds',
      help: "Seconds from a job's earliest view or click to its being counted.",
      buckets: LAG_BUCKETS,
    });
  }

  process(job: QueueJob<'analytics'>): Promise<void> {
    const batches = batchesOf(job);
    const events = batches.reduce((sum, batch) => sum + batch.events.length, 0);
    const earliest = batches.reduce((min, batch) => batch.events.reduce((m, event) => Math.min(m, event.occurredAt.getTime()), min), Infinity);
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ batches, events, earliest, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.pendingEvents += events;
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
    this.aggregate.execute(batch.flatMap((p) => p.batches)).then(
      (counted) => {
        this.aggregated.inc(counted);
        const now = Date.now();
        for (const p of batch) if (Number.isFinite(p.earliest)) this.lag.observe(Math.max(0, now - p.earliest) / 1000);
        batch.forEach((p) => p.done());
      },
      (error: unknown) => batch.forEach((p) => p.done(error instanceof Error ? error : new Error(String(error)))),
    );
  }
}
