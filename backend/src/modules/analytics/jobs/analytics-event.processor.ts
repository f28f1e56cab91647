import { Injectable } from '@nestjs/common';
import { Metrics, type Counter, type Histogram } from '../../../shared/metrics/metrics.js';
import { BatchJobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { AggregateAnalyticsUseCase } from '../application/aggregate-analytics.use-case.js';
import type { AnalyticsEventJob } from '../../../shared/queues/queue-definitions.js';
import type { AnalyticsEvent, EventBatch } from '../domain/analytics.js';

/** Events counted in one transaction at most (jobs carry up to 1,000 each; a job is never split). */
const MAX_EVENTS = 5000;
/** Seconds from a view or click to its being counted: usually well under one, minutes while the queue was away. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

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
 * Views and clicks, counted together: the worker hands over every job waiting (each carries the events one
 * API process queued together, or one event), gathered for 50 ms after the first, and their events are
 * applied in one transaction. A job completes only after it committed; a failed transaction fails all its
 * jobs, which are retried, and a batch applied again counts nothing (its id is remembered).
 */
@Injectable()
export class AnalyticsEventProcessor extends BatchJobProcessor<'analytics'> {
  readonly queue = 'analytics';
  readonly jobs = ['events', 'event'] as const;
  override readonly maxWeight = MAX_EVENTS;
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

  override weightOf(job: QueueJob<'analytics'>): number {
    return job.name === 'event' ? 1 : (job.data as { events: unknown[] }).events.length;
  }

  async processBatch(jobs: ReadonlyArray<QueueJob<'analytics'>>): Promise<void> {
    const batches = jobs.map(batchesOf);
    this.aggregated.inc(await this.aggregate.execute(batches.flat()));
    const now = Date.now();
    for (const ofJob of batches) {
      const earliest = ofJob.reduce((min, batch) => batch.events.reduce((m, event) => Math.min(m, event.occurredAt.getTime()), min), Infinity);
      if (Number.isFinite(earliest)) this.lag.observe(Math.max(0, now - earliest) / 1000);
    }
  }
}
