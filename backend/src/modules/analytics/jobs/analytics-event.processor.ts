import { Injectable } from '@nestjs/common';
import { Metrics, type Counter, type Histogram } from '../../../shared/metrics/metrics.js';
import { BatchJobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { AggregateAnalyticsUseCase } from '../application/aggregate-analytics.use-case.js';
import type { AnalyticsEventJob, AnalyticsGroupJob, JobData } from '../../../shared/queues/queue-definitions.js';
import { UNKNOWN_COUNTRY } from '../application/ports/country-lookup.js';
import type { EventBatch, EventGroup } from '../domain/analytics.js';

/** Groups and visitor hashes counted in one transaction at most (jobs carry up to about 1,000 each; a job is never split). */
const MAX_WEIGHT = 5000;
/** Seconds from a view or click to its being counted: usually well under one, minutes while the queue was away. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/**
 * An event as API processes of earlier releases queued it: a group of one, without a visitor hash (it counts
 * no unique visitor), a country or a campaign; its referring host is its source, as attributionOf has it.
 */
const fromEvent = (data: AnalyticsEventJob): EventGroup => ({
  kind: data.kind,
  ownerId: data.ownerId,
  linkId: data.linkId,
  day: data.occurredAt.slice(0, 10),
  referrer: data.referrerHost,
  device: data.device,
  source: data.referrerHost,
  medium: null,
  campaign: null,
  country: UNKNOWN_COUNTRY,
  count: 1,
  visitors: [],
  firstAt: Date.parse(data.occurredAt),
});

const fromGroup = (data: AnalyticsGroupJob): EventGroup => ({ ...data });

/**
 * A job's batches: the batch the API queued, by its id, counted per group already or (API processes of earlier
 * releases) event by event; events queued one by one or in a batch without an id (before batches had ids) are
 * each a batch of their own, by the event's id.
 */
function batchesOf(job: QueueJob<'analytics'>): EventBatch[] {
  if (job.name === 'event') {
    const data = job.data as AnalyticsEventJob;
    return [{ id: data.id!, groups: [fromEvent(data)] }];
  }
  const data = job.data as JobData<'analytics', 'events'>;
  if ('groups' in data) return [{ id: data.batch, groups: data.groups.map(fromGroup) }];
  if (data.batch !== undefined) return [{ id: data.batch, groups: data.events.map(fromEvent) }];
  return data.events.map((event) => ({ id: event.id!, groups: [fromEvent(event)] }));
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
  override readonly maxWeight = MAX_WEIGHT;
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
    if (job.name === 'event') return 1;
    const data = job.data as JobData<'analytics', 'events'>;
    return 'groups' in data
      ? data.groups.reduce((weight, group) => weight + 1 + group.visitors.length, 0)
      : data.events.length;
  }

  processBatch(jobs: ReadonlyArray<QueueJob<'analytics'>>): Promise<void> {
    return this.countBatches(jobs.map(batchesOf));
  }

  /**
   * Counts the batches of several jobs (or stream entries, AnalyticsStreamConsumer) in one transaction, and
   * each job's lag from its earliest event.
   */
  async countBatches(batches: EventBatch[][]): Promise<void> {
    this.aggregated.inc(await this.aggregate.execute(batches.flat()));
    const now = Date.now();
    for (const ofJob of batches) {
      const earliest = ofJob.reduce(
        (min, batch) => batch.groups.reduce((m, group) => Math.min(m, group.firstAt), min),
        Infinity,
      );
      if (Number.isFinite(earliest)) this.lag.observe(Math.max(0, now - earliest) / 1000);
    }
  }
}
