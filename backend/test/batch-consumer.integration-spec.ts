import type { LoggerService } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import pg from 'pg';
import { loadEnv } from '../src/config/env.js';
import { BatchConsumer } from '../src/shared/queues/batch-consumer.js';
import { BatchJobProcessor, type QueueJob } from '../src/shared/queues/job-processor.js';
import { migrateQueueSchema, queueConnection, type QueueConnection } from '../src/shared/queues/queue-connection.js';
import { testDatabaseUrl, unique } from './support/harness.js';
import { sleep, until } from './support/processes.js';

/** Records each call's jobs; fails the calls it is told to. */
class RecordingProcessor extends BatchJobProcessor<'analytics'> {
  readonly queue = 'analytics';
  readonly jobs = ['events'] as const;
  override readonly gatherMs = 100;
  override readonly maxWeight = 10;
  readonly calls: string[][] = [];
  failNext = 0;

  override weightOf(job: QueueJob<'analytics'>): number {
    return (job.data as { events: unknown[] }).events.length;
  }

  processBatch(jobs: ReadonlyArray<QueueJob<'analytics'>>): Promise<void> {
    this.calls.push(jobs.map((job) => job.id!));
    if (this.failNext > 0) {
      this.failNext -= 1;
      return Promise.reject(new Error('the store is away'));
    }
    return Promise.resolve();
  }
}

const view = { kind: 'view', ownerId: '00000000-0000-4000-8000-000000000000', linkId: null, occurredAt: new Date().toISOString(), referrerHost: null, device: null } as const;
const events = (n: number) => ({ events: Array.from({ length: n }, () => view) });

/*
 * The worker's batch consumer on a real queue (BullMQ on Redis, and on PostgreSQL): jobs waiting are handed to
 * the processor together, within its bounds; each is marked done once its call succeeded, retried with the
 * queue's backoff when it failed; a job no processor takes fails for good.
 */
describe.each([
  ['Redis', true],
  ['PostgreSQL', false],
] as const)('the batch consumer with queues on %s', (_backend, useRedis) => {
  const id = unique('bc');
  const lines: Array<Record<string, unknown>> = [];
  const ran: string[] = [];
  let connection: QueueConnection;
  let queue: Queue;
  let processor: RecordingProcessor;
  let consumer: BatchConsumer<'analytics'> | null = null;

  const record = (level: string) => (line: unknown) => void lines.push({ level, ...(line as object) });
  const logger: LoggerService = { log: record('log'), warn: record('warn'), error: record('error') };

  beforeAll(async () => {
    if (useRedis && !process.env.REDIS_URL) throw new Error('REDIS_URL is not set: run the tests with `npm test`.');
    const env = loadEnv({
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: useRedis ? process.env.REDIS_URL : '',
      REDIS_KEY_PREFIX: `linkbio-batches-${id}:`,
      QUEUE_SCHEMA: `bullmq_${id}`,
      SESSION_SECRET: 'batch-consumer-test-secret-0123456789abcdef',
    });
    if (!useRedis) await migrateQueueSchema(env.DATABASE_URL, env.QUEUE_SCHEMA);
    connection = queueConnection(env);
    queue = connection.queue('analytics', { defaultJobOptions: { attempts: 2, backoff: { type: 'fixed', delay: 200 }, removeOnComplete: false } });
  });

  afterAll(async () => {
    await consumer?.stop();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await connection?.close();
    if (!useRedis) {
      const db = new pg.Client({ connectionString: testDatabaseUrl() });
      await db.connect();
      await db.query(`drop schema if exists bullmq_${id} cascade`);
      await db.end();
    }
  });

  const start = () => {
    processor = new RecordingProcessor();
    const worker = connection.worker('analytics', null, { lockDuration: 5000, stalledInterval: 1000, drainDelay: 1 });
    consumer = new BatchConsumer('analytics', worker, processor, logger, { lockMs: 5000, ran: (job: Job, outcome) => void ran.push(`${job.id}:${outcome}`) });
    consumer.start();
  };
  const stateOf = async (jobId: string) => (await queue.getJob(jobId))?.getState();

  it('hands the jobs waiting to the processor together, within its weight, and marks each done', async () => {
    // 3 + 3 + 3 + 4 events: the fourth takes the weight past 10 (a job is never split), so the fifth waits for the next call.
    const weights = { a: 3, b: 3, c: 3, d: 4, e: 1 };
    await queue.addBulk(Object.entries(weights).map(([name, n]) => ({ name: 'events', data: events(n), opts: { jobId: `${id}-${name}` } })));
    start();
    const ids = Object.keys(weights).map((name) => `${id}-${name}`);
    await until('all done', () => Promise.resolve(ran.length), (runs) => runs === ids.length);
    expect(await Promise.all(ids.map(stateOf))).toEqual(ids.map(() => 'completed'));
    expect(processor.calls).toEqual([ids.slice(0, 4), ids.slice(4)]);
    // Marked done together: in any order.
    expect([...ran].sort()).toEqual(ids.map((jobId) => `${jobId}:completed`));
    expect([...lines].sort((a, b) => String(a.jobId).localeCompare(String(b.jobId)))).toEqual(
      ids.map((jobId) => expect.objectContaining({ level: 'log', msg: 'job completed', queue: 'analytics', job: 'events', jobId, attempt: 1, outcome: 'completed' })),
    );
  });

  it('fails every job of a failed call, retries them with the backoff, and counts the attempt', async () => {
    lines.length = 0;
    ran.length = 0;
    processor.failNext = 1;
    const jobId = `${id}-retried`;
    await queue.add('events', events(1), { jobId });
    // Its run is reported once it is marked done.
    await until('retried and done', () => Promise.resolve(ran.length), (runs) => runs === 2);
    expect(await stateOf(jobId)).toBe('completed');
    expect(processor.calls.slice(-2)).toEqual([[jobId], [jobId]]);
    expect(ran).toEqual([`${jobId}:failed`, `${jobId}:completed`]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'job retrying', jobId, attempt: 1, outcome: 'retrying', err: expect.objectContaining({ message: 'the store is away' }) }),
      expect.objectContaining({ level: 'log', msg: 'job completed', jobId, attempt: 2, outcome: 'completed' }),
    ]);
  });

  it('fails a job no processor takes for good, without handing it over', async () => {
    const calls = processor.calls.length;
    const jobId = `${id}-unknown`;
    await queue.add('nobody-takes-this', events(1), { jobId });
    await until('failed', () => Promise.resolve(lines.some((line) => line.jobId === jobId)), Boolean);
    expect(await stateOf(jobId)).toBe('failed');
    expect(processor.calls.length).toBe(calls);
    expect((await queue.getJob(jobId))!.failedReason).toBe('No processor for job "nobody-takes-this" on queue "analytics"');
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', jobId, outcome: 'failed' }));
  });

  it('stops promptly while waiting for jobs, and takes none after', async () => {
    const started = Date.now();
    await consumer!.stop();
    consumer = null;
    expect(Date.now() - started).toBeLessThan(3000);
    const jobId = `${id}-after`;
    await queue.add('events', events(1), { jobId });
    await sleep(1500);
    expect(await stateOf(jobId)).toBe('waiting');
  });
});
