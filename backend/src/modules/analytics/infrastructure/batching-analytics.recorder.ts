import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { newId } from '../../../shared/ids.js';
import { Metrics, type Counter } from '../../../shared/metrics/metrics.js';
import { within } from '../../../shared/within.js';
import { AnalyticsRecorder, type RecorderBacklog } from '../application/ports/analytics-recorder.js';
import { CountryLookup, UNKNOWN_COUNTRY } from '../application/ports/country-lookup.js';
import { EventHandOver } from '../application/ports/event-hand-over.js';
import { VisitorSalts } from '../application/ports/visitor-salts.js';
import type { AnalyticsEvent, EventGroup } from '../domain/analytics.js';
import { RecentVisitorHashes, UtcDays } from '../domain/visitor-hash.js';

/** A batch is closed (and a new one opened) once its groups and new visitor hashes reach this many. */
const BATCH_MAX = 1000;
/** Batches being queued at once: one, as in classic group commit; what comes meanwhile makes the next batch. */
const MAX_IN_FLIGHT = 1;
/** How long a visitor waits for their event to be queued before being answered with it held here. */
const WAIT_MS = 250;
/** Events held while the queue's store is away; past this, events are counted as dropped and logged. */
export const MAX_HELD_EVENTS = 100_000;
const RETRY_MS = { first: 200, max: 5000 };
/** A job not queued within this long is taken as failed and queued again (its batch id keeps it counted once). */
const STUCK_MS = 5000;
const SHUTDOWN_FLUSH_MS = 5000;
/** Visitor hashes remembered as sent, per day; past this the memory is cleared (the rollups dedupe anyway). */
const SENT_MAX = 200_000;

/** A day's visitor hashes already put in a batch, per group key, and how many in all. */
interface SentOnDay {
  groups: Map<string, Set<string>>;
  hashes: number;
}

/**
 * Events counted together, queued as one job; a batch that failed is queued again as it was, under the same id.
 * Visitors waiting for it share one promise, settled once it is queued (or once the store is taken as away).
 */
interface Batch {
  id: string;
  groups: Map<string, EventGroup>;
  events: number;
  /** Groups plus visitor hashes: what the job weighs. */
  weight: number;
  queued: Promise<void>;
  /** Answers the visitors waiting; null once done. */
  answer: (() => void) | null;
}

/**
 * Records views and clicks by group commit, counted in the API process before they are queued: a batch holds one
 * group per page or link, kind, day and source (how many, and the visitor hashes this process had not sent that
 * day), so a job stays small however many visitors it stands for. One batch is queued at a time; what comes
 * meanwhile makes the next one, which grows with the load. Each request is answered once its batch is durably
 * queued. Each batch has an id of its own, kept when it is queued again, which the worker's rollups remember, so
 * it is counted exactly once even if its job is queued twice. Where a batch is queued is EventHandOver's: an entry
 * on a Redis stream, or a job on the analytics queue when the queues live in PostgreSQL.
 *
 * The visitor's address and User-Agent are looked at here only: hashed with the day's salt (visitorHash) and
 * looked up for a country; neither goes any further.
 *
 * When the queue's store (Redis, or PostgreSQL without Redis) fails or is slow, visitors are answered at once
 * and their batches are held here, oldest first, and queued as soon as the store answers again. At most
 * MAX_HELD_EVENTS events are held: what overflows is counted (`dropped`) and logged, never lost silently.
 */
@Injectable()
export class BatchingAnalyticsRecorder extends AnalyticsRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  /** Batches not queued yet, oldest first; the last may still be taking events (`open`). */
  private waiting: Batch[] = [];
  private open: Batch | null = null;
  private readonly inFlight = new Set<Batch>();
  /** Events in `waiting` and `inFlight`. */
  private heldEvents = 0;
  private flushScheduled = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_MS.first;
  private healthy = true;
  private lastDropReport = 0;
  private lastSaltReport = 0;
  /** Events that could not be held (the buffer was full) since the start. */
  private dropped = 0;
  private readonly days = new UtcDays();
  private readonly hashes = new RecentVisitorHashes();
  /** Per day, the group keys and visitor hashes already put in a batch. */
  private readonly sent = new Map<string, SentOnDay>();
  private readonly queuedEvents: Counter<never>;
  private readonly droppedEvents: Counter<never>;

  constructor(
    private readonly handOver: EventHandOver,
    metrics: Metrics,
    private readonly salts: VisitorSalts,
    private readonly countries: CountryLookup,
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
      read: () => [{ value: this.heldEvents }],
    });
  }

  backlog(): RecorderBacklog {
    return { held: this.heldEvents, dropped: this.dropped };
  }

  record(event: AnalyticsEvent): Promise<void> {
    if (this.heldEvents >= MAX_HELD_EVENTS) {
      this.drop();
      return Promise.resolve();
    }
    const at = event.occurredAt.getTime();
    const day = this.days.of(at);
    if (!event.visitor) return this.add(event, at, day, null);
    const salt = this.saltOf(day);
    return salt instanceof Promise
      ? salt.then((known) => this.add(event, at, day, known))
      : this.add(event, at, day, salt);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const deadline = Date.now() + SHUTDOWN_FLUSH_MS;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    while (this.heldEvents > 0 && Date.now() < deadline) {
      const flushed = this.inFlight.size === 0 ? this.flush() : Promise.resolve();
      // Past the deadline the process goes on closing, whatever the queue does; a failed attempt is retried shortly.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        flushed,
        new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
      if (this.heldEvents > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.heldEvents > 0)
      this.logger.error(`${this.heldEvents} views and clicks could not be queued before shutdown`);
  }

  /** The day's salt; null (the visitor then counts, but not as a unique one) while it cannot be had. */
  private saltOf(day: string): Buffer | null | Promise<Buffer | null> {
    try {
      const salt = this.salts.saltOf(day);
      return salt instanceof Promise ? salt.catch((error: unknown) => this.noSalt(error)) : salt;
    } catch (error) {
      return this.noSalt(error);
    }
  }

  private noSalt(error: unknown): null {
    const now = Date.now();
    if (now - this.lastSaltReport >= 10_000) {
      this.lastSaltReport = now;
      this.logger.error(
        `Unique visitors are not counted while the day's salt cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return null;
  }

  /** Counts the event into the open batch; the answer settles once that batch is queued (at once while the store is away). */
  private add(event: AnalyticsEvent, at: number, day: string, salt: Buffer | null): Promise<void> {
    const source = event.source;
    const country = event.visitor ? this.countries.countryOf(event.visitor.address) : UNKNOWN_COUNTRY;
    const key = `${event.kind}|${event.ownerId}|${event.linkId}|${day}|${event.referrer}|${event.device}|${source?.source}|${source?.medium}|${source?.campaign}|${country}`;
    const batch = this.openBatch();
    let group = batch.groups.get(key);
    if (!group) {
      group = {
        kind: event.kind,
        ownerId: event.ownerId,
        linkId: event.linkId,
        day,
        referrer: event.referrer,
        device: event.device,
        source: source?.source ?? null,
        medium: source?.medium ?? null,
        campaign: source?.campaign ?? null,
        country,
        count: 0,
        visitors: [],
        firstAt: at,
      };
      batch.groups.set(key, group);
      batch.weight += 1;
    }
    group.count += 1;
    if (at < group.firstAt) group.firstAt = at;
    if (salt && event.visitor) {
      const hash = this.hashes.of(day, salt, event.ownerId, event.visitor.address, event.visitor.userAgent);
      const sent = this.sentOn(day);
      let hashes = sent.groups.get(key);
      if (!hashes) {
        hashes = new Set();
        sent.groups.set(key, hashes);
      }
      if (!hashes.has(hash)) {
        hashes.add(hash);
        sent.hashes += 1;
        group.visitors.push(hash);
        batch.weight += 1;
      }
    }
    batch.events += 1;
    this.heldEvents += 1;
    if (batch.weight >= BATCH_MAX) this.open = null;
    this.scheduleFlush();
    return this.healthy ? batch.queued : Promise.resolve();
  }

  private openBatch(): Batch {
    if (this.open) return this.open;
    let answer!: () => void;
    const queued = new Promise<void>((resolve) => (answer = resolve));
    const batch: Batch = { id: newId(), groups: new Map(), events: 0, weight: 0, queued, answer };
    this.open = batch;
    this.waiting.push(batch);
    return batch;
  }

  private sentOn(day: string): SentOnDay {
    let sent = this.sent.get(day);
    if (!sent) {
      sent = { groups: new Map(), hashes: 0 };
      this.sent.set(day, sent);
      // Today's and yesterday's: events of the day before come late only around midnight.
      for (const known of [...this.sent.keys()].sort().slice(0, -2)) this.sent.delete(known);
    } else if (sent.hashes >= SENT_MAX) {
      sent.groups.clear();
      sent.hashes = 0;
    }
    return sent;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.inFlight.size >= MAX_IN_FLIGHT || this.retryTimer) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    if (this.inFlight.size >= MAX_IN_FLIGHT || this.waiting.length === 0) return;
    const batch = this.waiting.shift()!;
    if (batch === this.open) this.open = null;
    this.inFlight.add(batch);
    // A slow store must not hold visitors: past WAIT_MS they are answered, their events stay held here.
    const slow = setTimeout(() => this.releaseVisitors(`no answer within ${WAIT_MS} ms`), WAIT_MS);
    try {
      await within(this.handOver.send({ id: batch.id, groups: [...batch.groups.values()] }), STUCK_MS);
      this.inFlight.delete(batch);
      this.heldEvents -= batch.events;
      this.queuedEvents.inc(batch.events);
      batch.answer?.();
      batch.answer = null;
      if (!this.healthy) this.logger.log(`Views and clicks are queued again (${this.heldEvents} still held)`);
      this.healthy = true;
      this.retryMs = RETRY_MS.first;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
    } catch (error) {
      this.inFlight.delete(batch);
      this.waiting.unshift(batch);
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
    if (this.waiting.length > 0) this.scheduleFlush();
  }

  /** Answers every waiting visitor; their events stay held until the queue answers. */
  private releaseVisitors(reason: string): void {
    if (this.healthy) this.logger.error(`Views and clicks are held in memory until the queue answers: ${reason}`);
    this.healthy = false;
    for (const batch of [...this.inFlight, ...this.waiting]) {
      batch.answer?.();
      batch.answer = null;
    }
  }

  private drop(): void {
    this.dropped += 1;
    this.droppedEvents.inc();
    const now = Date.now();
    if (now - this.lastDropReport >= 10_000) {
      this.lastDropReport = now;
      this.logger.error(
        `${this.dropped} views and clicks dropped so far: ${MAX_HELD_EVENTS} are held already while the queue does not answer`,
      );
    }
  }
}
