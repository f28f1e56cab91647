import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { newId } from '../../../shared/ids.js';
import { Metrics, type Counter } from '../../../shared/metrics/metrics.js';
import { JobQueues } from '../../../shared/queues/job-queues.js';
import { within } from '../../../shared/within.js';
import type { AnalyticsEventJob } from '../../../shared/queues/queue-definitions.js';
import { AnalyticsRecorder, type RecorderBacklog } from '../application/ports/analytics-recorder.js';
import type { AnalyticsEvent } from '../domain/analytics.js';

/** Events queued in one job at most. */
const BATCH_MAX = 1000;
/** Jobs being queued at once: a turn's events need not wait for the previous turn's round-trip. */
const MAX_IN_FLIGHT = 4;
/** How long a visitor waits for their event to be queued before being answered with it held here. */
const WAIT_MS = 250;
/** Events held while the queue's store is away; past this, events are counted as dropped and logged. */
export const MAX_HELD_EVENTS = 100_000;
const RETRY_MS = { first: 200, max: 5000 };
/** A job not queued within this long is taken as failed and queued again (its events' ids keep them counted once). */
const STUCK_MS = 5000;
const SHUTDOWN_FLUSH_MS = 5000;

interface Held {
  job: AnalyticsEventJob;
  /** Answers the visitor; null once answered. */
  done: (() => void) | null;
}

/** Events queued as one job; a batch that failed is queued again as it was, under the same id. */
interface Batch {
  id: string;
  held: Held[];
}

/**
 * Records views and clicks by group commit: the events of one event-loop turn go to the queue as one job
 * (one round-trip), and each request is answered once its event is durably queued. Each batch has an id of
 * its own, kept when it is queued again, which the worker's rollups remember, so its events are counted
 * exactly once even if its job is queued twice.
 *
 * When the queue's store (Redis, or PostgreSQL without Redis) fails or is slow, visitors are answered at once
 * and their events are held here, oldest first, and queued as soon as the store answers again. At most
 * MAX_HELD_EVENTS are held: what overflows is counted (`dropped`) and logged, never lost silently.
 */
@Injectable()
export class BullMqAnalyticsRecorder extends AnalyticsRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  /** Events not in a batch yet. */
  private held: Held[] = [];
  /** Batches whose queuing failed, oldest first: queued again before anything new. */
  private retrying: Batch[] = [];
  private readonly inFlight = new Set<Batch>();
  /** Events in `retrying` and `inFlight`. */
  private batchedEvents = 0;
  private flushScheduled = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_MS.first;
  private healthy = true;
  private lastDropReport = 0;
  /** Events that could not be held (the buffer was full) since the start. */
  private dropped = 0;
  private readonly queuedEvents: Counter<never>;
  private readonly droppedEvents: Counter<never>;

  constructor(
    private readonly queues: JobQueues,
    metrics: Metrics,
  ) {
    super();
    this.queuedEvents = metrics.counter({
      name: 'linkbio_analytics_events_queued_total',
      help: 'Views and clicks handed to the queue for the worker to count.',
    });
    this.droppedEvents = metrics.counter({
      name: 'linkbio_analytics_events_dropped_total',
      help: `Views and clicks dropped because ${MAX_HELD_EVENTS} were already held while the queue did not answer.`,
    });
    metrics.gauge({
      name: 'linkbio_analytics_events_held',
      help: 'Views and clicks held in memory until the queue answers again.',
      read: () => [{ value: this.heldCount }],
    });
  }

  /** Events waiting to be queued right now. */
  private get heldCount(): number {
    return this.held.length + this.batchedEvents;
  }

  backlog(): RecorderBacklog {
    return { held: this.heldCount, dropped: this.dropped };
  }

  record(event: AnalyticsEvent): Promise<void> {
    if (this.heldCount >= MAX_HELD_EVENTS) {
      this.drop();
      return Promise.resolve();
    }
    const job = toJob(event);
    if (!this.healthy) {
      this.held.push({ job, done: null });
      this.scheduleFlush();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.held.push({ job, done: resolve });
      this.scheduleFlush();
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    const deadline = Date.now() + SHUTDOWN_FLUSH_MS;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    while (this.heldCount > 0 && Date.now() < deadline) {
      const flushed = this.inFlight.size === 0 ? this.flush() : Promise.resolve();
      // Past the deadline the process goes on closing, whatever the queue does; a failed attempt is retried shortly.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([flushed, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
      clearTimeout(timer);
      if (this.heldCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.heldCount > 0) this.logger.error(`${this.heldCount} views and clicks could not be queued before shutdown`);
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.inFlight.size >= MAX_IN_FLIGHT || this.retryTimer) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    if (this.inFlight.size >= MAX_IN_FLIGHT || (this.held.length === 0 && this.retrying.length === 0)) return;
    const batch = this.retrying.shift() ?? this.newBatch();
    this.inFlight.add(batch);
    // A slow store must not hold visitors: past WAIT_MS they are answered, their events stay held here.
    const slow = setTimeout(() => this.releaseVisitors(`no answer within ${WAIT_MS} ms`), WAIT_MS);
    try {
      const events = batch.held.map((held) => held.job);
      await within(this.queues.add('analytics', 'events', { batch: batch.id, events }, { jobId: batch.id }), STUCK_MS);
      this.settle(batch);
      this.queuedEvents.inc(batch.held.length);
      for (const held of batch.held) held.done?.();
      if (!this.healthy) this.logger.log(`Views and clicks are queued again (${this.held.length} still held)`);
      this.healthy = true;
      this.retryMs = RETRY_MS.first;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
    } catch (error) {
      this.inFlight.delete(batch);
      this.retrying.unshift(batch);
      this.releaseVisitors(error instanceof Error ? error.message : String(error));
      if (!this.retryTimer) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          void this.flush();
        }, this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
      }
    } finally {
      clearTimeout(slow);
    }
    if (this.held.length > 0 || this.retrying.length > 0) this.scheduleFlush();
  }

  private newBatch(): Batch {
    const batch = { id: newId(), held: this.held.splice(0, BATCH_MAX) };
    this.batchedEvents += batch.held.length;
    return batch;
  }

  /** The batch is queued: its events are no longer held here. */
  private settle(batch: Batch): void {
    this.inFlight.delete(batch);
    this.batchedEvents -= batch.held.length;
  }

  /** Answers every waiting visitor; their events stay held until the queue answers. */
  private releaseVisitors(reason: string): void {
    if (this.healthy) this.logger.error(`Views and clicks are held in memory until the queue answers: ${reason}`);
    this.healthy = false;
    for (const list of [...[...this.inFlight, ...this.retrying].map((batch) => batch.held), this.held]) {
      for (const held of list) {
        held.done?.();
        held.done = null;
      }
    }
  }

  private drop(): void {
    this.dropped += 1;
    this.droppedEvents.inc();
    const now = Date.now();
    if (now - this.lastDropReport >= 10_000) {
      this.lastDropReport = now;
      this.logger.error(`${this.dropped} views and clicks dropped so far: ${MAX_HELD_EVENTS} are held already while the queue does not answer`);
    }
  }
}

function toJob(event: AnalyticsEvent): AnalyticsEventJob {
  return {
    kind: event.kind,
    ownerId: event.ownerId,
    linkId: event.linkId,
    occurredAt: event.occurredAt.toISOString(),
    referrerHost: event.referrer,
    device: event.device,
  };
}
