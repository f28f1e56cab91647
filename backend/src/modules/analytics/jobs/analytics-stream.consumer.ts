import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Env } from '../../../config/env.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { logJobRun } from '../../../shared/logging/job-log.js';
import { Metrics, type Counter } from '../../../shared/metrics/metrics.js';
import type { EventBatch } from '../domain/analytics.js';
import {
  ANALYTICS_STREAM_GROUP,
  analyticsFailedStreamKey,
  analyticsStreamKey,
  batchOfEntry,
} from '../infrastructure/analytics-stream.js';
import { AnalyticsEventProcessor } from './analytics-event.processor.js';

/** How long a read waits for the first entry; stopping waits this long at most. */
const BLOCK_MS = 1000;
/** After the first entry, how long more may gather before they are counted together. */
const GATHER_MS = 50;
/** Entries read at once, and groups plus visitor hashes counted in one transaction at most. */
const READ_COUNT = 500;
const MAX_WEIGHT = 5000;
/**
 * Attempts at counting an entry before it is moved to the failed stream, reported and no longer retried, and the
 * pause before the next attempt after each failure (1 s, 2 s, 4 s…): as the queue's jobs, about 17 minutes in all.
 */
const MAX_ATTEMPTS = 10;
const RETRY_BASE_MS = 1000;
/** After a failed transaction the reader pauses, the longer the more fail in a row: no busy loop while PostgreSQL is away. */
const PAUSE_MS = { first: 1000, max: 30_000 };

/** An entry of this worker's that failed: how often, and when it is tried again (alone). */
interface Retry {
  attempts: number;
  notBefore: number;
}

interface Entry {
  id: string;
  batch: EventBatch | null;
  fields: string[];
}

type RawEntry = [id: string, fields: string[]];
type StreamReply = Array<[key: string, entries: RawEntry[]]> | null;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The worker's reader of the analytics stream (queues on Redis): it waits for entries, lets more gather for
 * 50 ms, and counts up to 500 together in one transaction (AnalyticsEventProcessor.countBatches), then
 * acknowledges and deletes them. Every worker reads in one consumer group, so each entry goes to one of them.
 *
 * Nothing is lost and nothing counts twice:
 * - an entry is deleted only after its batch committed; a batch delivered again counts nothing (its id is
 *   remembered by the rollups);
 * - a failed transaction leaves its entries pending to this worker, which tries each again on its own after a
 *   growing pause, so that an entry that cannot be counted holds back no other; new entries go on meanwhile;
 *   after each failure the reader pauses (1 s, doubling while failures follow each other, 30 s at most);
 * - after MAX_ATTEMPTS an entry moves to the failed stream with the reason and is reported at error: recorded
 *   as not applied, never dropped in silence;
 * - entries pending to a worker that died (killed, cut off) are taken over once idle for WORKER_LOCK_MS.
 *
 * Each entry logs its line as a job does (queue analytics, job events, its batch id, attempt, outcome) and counts
 * in linkbio_worker_jobs_total.
 */
@Injectable()
export class AnalyticsStreamConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private redis: Redis | null = null;
  private readonly key: string;
  private readonly failedKey: string;
  private readonly consumer = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private nextClaim = 0;
  private lastError = 0;
  private pauseMs = PAUSE_MS.first;
  /** This worker's entries that failed, by id (an entry taken over from a worker that stopped starts again). */
  private readonly retries = new Map<string, Retry>();
  private waitingEntries = 0;
  private readonly jobsRun: Counter<'queue' | 'job' | 'outcome'>;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly processor: AnalyticsEventProcessor,
    metrics: Metrics,
  ) {
    this.key = analyticsStreamKey(env.REDIS_KEY_PREFIX);
    this.failedKey = analyticsFailedStreamKey(env.REDIS_KEY_PREFIX);
    this.jobsRun = metrics.counter({
      name: 'linkbio_worker_jobs_total',
      help: 'Jobs this worker ran, by queue, job and outcome (completed, or failed: each failed attempt counts).',
      labelNames: ['queue', 'job', 'outcome'],
    });
    metrics.gauge({
      name: 'linkbio_analytics_batches_waiting',
      help: 'Batches of views and clicks on the analytics stream not counted yet, as this worker last read it.',
      read: () => [{ value: this.waitingEntries }],
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.REDIS_URL) return;
    // Waits for Redis while it is away, as the queues' workers do.
    this.redis = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    this.redis.on('error', () => undefined); // reported by the loop, at most every 30 s
    await this.createGroup();
    this.logger.log(`Counting views and clicks from the Redis stream ${this.key}`);
    this.loop = this.run();
  }

  /** Lets the transaction under way finish; a read waiting for entries ends within BLOCK_MS. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.loop;
    this.loop = null;
    const redis = this.redis;
    this.redis = null;
    if (redis) await (redis.status === 'ready' ? redis.quit().then(() => undefined) : Promise.resolve(redis.disconnect()));
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let entries: Entry[];
      try {
        entries = await this.next();
      } catch (error) {
        if (this.stopping) break;
        const message = asError(error).message;
        // Redis lost its data (restarted without persistence, the key deleted): the stream and its group are made again.
        if (/NOGROUP|no longer exists/.test(message)) await this.createGroup().catch(() => undefined);
        this.reportError(`Reading the analytics stream: ${message}`);
        await sleep(1000);
        continue;
      }
      if (entries.length === 0) continue;
      try {
        await this.count(entries);
      } catch (error) {
        // Redis went away while entries were being moved: they stay pending, and are taken over once idle.
        this.reportError(`Counting the analytics stream: ${asError(error).message}`);
        await sleep(1000);
      }
    }
  }

  /** The stream and its consumer group, made unless they are there (every worker may start together). */
  private async createGroup(): Promise<void> {
    try {
      await this.redis!.xgroup('CREATE', this.key, ANALYTICS_STREAM_GROUP, '0', 'MKSTREAM');
    } catch (error) {
      if (!asError(error).message.startsWith('BUSYGROUP')) throw error;
    }
  }

  /** The entry of this worker's longest due to be tried again (alone), else those of a worker that stopped, else new ones. */
  private async next(): Promise<Entry[]> {
    const now = Date.now();
    let first: [string, Retry] | null = null;
    for (const entry of this.retries) if (!first || entry[1].notBefore < first[1].notBefore) first = entry;
    if (first && first[1].notBefore <= now) return this.fetch(first[0]);
    const soonest = first?.[1].notBefore ?? Infinity;
    if (now >= this.nextClaim) {
      this.nextClaim = now + this.env.WORKER_LOCK_MS / 2;
      const claimed = await this.claimAbandoned();
      if (claimed.length > 0) return claimed;
    }
    const entries = await this.read(READ_COUNT, Math.max(1, Math.min(BLOCK_MS, soonest - now)));
    if (entries.length === 0 || this.stopping) return entries;
    await sleep(GATHER_MS);
    let weight = entries.reduce((sum, entry) => sum + weightOf(entry), 0);
    while (!this.stopping && weight < MAX_WEIGHT && entries.length < READ_COUNT) {
      const more = await this.read(READ_COUNT - entries.length);
      if (more.length === 0) break;
      entries.push(...more);
      weight += more.reduce((sum, entry) => sum + weightOf(entry), 0);
    }
    return entries;
  }

  /** New entries (XREADGROUP '>'), waiting up to `blockMs` for the first. */
  private async read(count: number, blockMs?: number): Promise<Entry[]> {
    const redis = this.redis!;
    const reply = (
      blockMs === undefined
        ? await redis.xreadgroup('GROUP', ANALYTICS_STREAM_GROUP, this.consumer, 'COUNT', count, 'STREAMS', this.key, '>')
        : await redis.xreadgroup('GROUP', ANALYTICS_STREAM_GROUP, this.consumer, 'COUNT', count, 'BLOCK', blockMs, 'STREAMS', this.key, '>')
    ) as StreamReply;
    return this.readable(reply?.[0]?.[1] ?? []);
  }

  /** One of this worker's pending entries, read again (it stays pending to this worker); gone once counted elsewhere. */
  private async fetch(id: string): Promise<Entry[]> {
    const found = await this.redis!.xrange(this.key, id, id);
    if (found.length > 0) return found.map(toEntry);
    this.retries.delete(id);
    await this.redis!.xack(this.key, ANALYTICS_STREAM_GROUP, id);
    return [];
  }

  /** Pending ids whose entries are gone (deleted once counted, their worker stopped before acknowledging) are acknowledged. */
  private async readable(raw: ReadonlyArray<[string, string[] | null]>): Promise<Entry[]> {
    const gone = raw.filter(([, fields]) => fields === null).map(([id]) => id);
    if (gone.length > 0) await this.redis!.xack(this.key, ANALYTICS_STREAM_GROUP, ...gone);
    return raw.filter((entry): entry is RawEntry => entry[1] !== null).map(toEntry);
  }

  /** Entries pending to another worker for WORKER_LOCK_MS without being acknowledged: that worker is gone. */
  private async claimAbandoned(): Promise<Entry[]> {
    const [, entries, deleted] = (await this.redis!.xautoclaim(
      this.key,
      ANALYTICS_STREAM_GROUP,
      this.consumer,
      this.env.WORKER_LOCK_MS,
      '0-0',
      'COUNT',
      READ_COUNT,
    )) as [string, Array<[string, string[] | null]>, string[]?];
    // Pending ids whose entries were deleted already (counted, then their worker died before acknowledging).
    if (deleted && deleted.length > 0) await this.redis!.xack(this.key, ANALYTICS_STREAM_GROUP, ...deleted);
    // This worker's own entries waiting for their next attempt keep their pause.
    return (await this.readable(entries)).filter((entry) => !this.retries.has(entry.id));
  }

  private async count(entries: Entry[]): Promise<void> {
    const unreadable = entries.filter((entry) => entry.batch === null);
    const readable = entries.filter((entry) => entry.batch !== null);
    if (unreadable.length > 0) await this.giveUp(unreadable, 'the entry is not a batch of views and clicks');
    if (readable.length === 0) return;
    const started = performance.now();
    let failure: unknown;
    try {
      await this.processor.countBatches(readable.map((entry) => [entry.batch!]));
    } catch (error) {
      failure = error;
    }
    const durationMs = performance.now() - started;
    if (failure === undefined) {
      await this.done(readable, durationMs);
      return;
    }
    const exhausted: Entry[] = [];
    for (const entry of readable) {
      const attempts = (this.retries.get(entry.id)?.attempts ?? 0) + 1;
      const outcome = attempts >= MAX_ATTEMPTS ? 'failed' : 'retrying';
      logJobRun(this.logger, 'analytics', jobOf(entry, attempts - 1), outcome, durationMs, failure);
      this.jobsRun.inc({ queue: 'analytics', job: 'events', outcome: 'failed' });
      if (outcome === 'failed') exhausted.push(entry);
      else this.retries.set(entry.id, { attempts, notBefore: Date.now() + RETRY_BASE_MS * 2 ** (attempts - 1) });
    }
    if (exhausted.length > 0) await this.giveUp(exhausted, asError(failure).message);
    await sleep(this.pauseMs);
    this.pauseMs = Math.min(this.pauseMs * 2, PAUSE_MS.max);
  }

  /** Acknowledged and deleted once counted; should that fail, they are read again and count nothing twice. */
  private async done(entries: Entry[], durationMs: number): Promise<void> {
    const ids = entries.map((entry) => entry.id);
    try {
      const replies = await this.redis!.multi().xack(this.key, ANALYTICS_STREAM_GROUP, ...ids).xdel(this.key, ...ids).xlen(this.key).exec();
      this.waitingEntries = Number(replies?.[2]?.[1] ?? this.waitingEntries);
    } catch (error) {
      this.reportError(`Counted entries not acknowledged (taken over once idle, they count nothing twice): ${asError(error).message}`);
    }
    for (const entry of entries) {
      logJobRun(this.logger, 'analytics', jobOf(entry, this.retries.get(entry.id)?.attempts ?? 0), 'completed', durationMs);
      this.jobsRun.inc({ queue: 'analytics', job: 'events', outcome: 'completed' });
      this.retries.delete(entry.id);
    }
    this.pauseMs = PAUSE_MS.first;
  }

  /** Moved to the failed stream with the reason, then acknowledged and deleted here: reported, not retried. */
  private async giveUp(entries: Entry[], reason: string): Promise<void> {
    const moving = this.redis!.multi();
    for (const entry of entries) moving.xadd(this.failedKey, '*', 'entry', entry.id, 'reason', reason, ...entry.fields);
    const ids = entries.map((entry) => entry.id);
    await moving.xack(this.key, ANALYTICS_STREAM_GROUP, ...ids).xdel(this.key, ...ids).exec();
    for (const id of ids) this.retries.delete(id);
    this.logger.error(
      `${entries.length} batches of views and clicks not counted (${reason}); kept on ${this.failedKey}: ${ids.join(', ')}`,
    );
  }

  private reportError(message: string): void {
    if (Date.now() - this.lastError < 30_000) return;
    this.lastError = Date.now();
    this.logger.error(message);
  }
}

const toEntry = ([id, fields]: RawEntry): Entry => ({ id, fields, batch: batchOfEntry(fields) });

/** An entry's weight toward MAX_WEIGHT: its groups and visitor hashes, as a job's. */
const weightOf = (entry: Entry) =>
  entry.batch?.groups.reduce((weight, group) => weight + 1 + (group.visitors?.length ?? 0), 0) ?? 1;

/** How an entry's run is logged: as a job of the analytics queue, by its batch's id. */
const jobOf = (entry: Entry, attemptsMade: number) => ({ name: 'events', id: entry.batch?.id ?? entry.id, attemptsMade });
