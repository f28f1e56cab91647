import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { EventGroup } from '../src/modules/analytics/domain/analytics.js';
import {
  ANALYTICS_STREAM_GROUP,
  analyticsFailedStreamKey,
  analyticsStreamKey,
  entryFields,
} from '../src/modules/analytics/infrastructure/analytics-stream.js';
import { createWorker } from '../src/create-worker.js';
import { agent, analyticsSettled, Database, signedInCreator, startApp, testEnv } from './support/harness.js';

/*
 * The analytics stream (queues on Redis): the API processes hand their batches over with XADD, the worker reads
 * them in a consumer group, counts them and deletes them. Real Redis, PostgreSQL and worker.
 */
describe('the analytics stream between the API and the worker', () => {
  let app: INestApplication;
  let worker: INestApplicationContext | null = null;
  let redis: Redis;
  let db: Database;
  let stream: string;
  let failed: string;

  const startStreamWorker = async (lockMs = 30_000) => createWorker({ ...(await testEnv()), WORKER_LOCK_MS: lockMs });

  beforeAll(async () => {
    if (!process.env.REDIS_URL) throw new Error('REDIS_URL is not set: run the tests with `npm test`.');
    const env = await testEnv();
    stream = analyticsStreamKey(env.REDIS_KEY_PREFIX);
    failed = analyticsFailedStreamKey(env.REDIS_KEY_PREFIX);
    app = await startApp();
    worker = await startStreamWorker();
    redis = new Redis(process.env.REDIS_URL!);
    db = new Database();
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await redis?.del(stream, failed);
    await redis?.quit();
    await db?.close();
  });

  /** A creator's views today as the worker counted them, and a group of `count` views of theirs. */
  async function creator() {
    const { user } = await signedInCreator(app);
    const day = new Date().toISOString().slice(0, 10);
    const views = (count: number): EventGroup => ({
      kind: 'view',
      ownerId: user.id,
      linkId: null,
      day,
      referrer: null,
      device: 'mobile',
      source: 'newsletter',
      medium: null,
      campaign: null,
      country: 'unknown',
      count,
      visitors: [],
      firstAt: Date.now(),
    });
    const counted = async () => {
      const { rows } = await db.query<{ views: number }>('select views from analytics_daily where owner_id = $1', [user.id]);
      return rows[0]?.views ?? 0;
    };
    return { views, counted };
  }

  it('counts what the bio page hands over, and deletes each entry once counted', async () => {
    const { user } = await signedInCreator(app);
    for (let i = 0; i < 3; i += 1) await agent(app).set('User-Agent', 'Mozilla/5.0 (iPhone) Mobile').get(`/${user.username}`).expect(200);
    await analyticsSettled(app);
    const { rows } = await db.query<{ views: number }>('select views from analytics_daily where owner_id = $1', [user.id]);
    expect(rows[0]?.views).toBe(3);
    expect(await redis.xlen(stream)).toBe(0);
    const pending = (await redis.xpending(stream, ANALYTICS_STREAM_GROUP)) as [number, ...unknown[]];
    expect(pending[0]).toBe(0);
  });

  it('counts a batch on the stream twice only once', async () => {
    const { views, counted } = await creator();
    const batch = { id: randomUUID(), groups: [views(4)] };
    await redis.xadd(stream, '*', ...entryFields(batch));
    await redis.xadd(stream, '*', ...entryFields(batch));
    await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [views(2)] }));
    await analyticsSettled(app);
    expect(await counted()).toBe(6);
  });

  it('moves an entry that is no batch to the failed stream with the reason, and counts the others', async () => {
    const { views, counted } = await creator();
    await redis.del(failed);
    const bad = await redis.xadd(stream, '*', 'batch', randomUUID(), 'groups', 'not json');
    await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [views(5)] }));
    await analyticsSettled(app);
    expect(await counted()).toBe(5);
    const kept = await redis.xrange(failed, '-', '+');
    expect(kept).toHaveLength(1);
    const fields = kept[0]![1];
    expect(fields.slice(0, 4)).toEqual(['entry', bad, 'reason', 'the entry is not a batch of views and clicks']);
    expect(fields).toContain('not json');
  });

  it('tries the entries of a failed transaction again one by one, so one that cannot be counted holds back no other', async () => {
    const { views, counted } = await creator();
    // An owner id PostgreSQL refuses: every transaction with this batch in it fails.
    const poison = (await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [{ ...views(1), ownerId: 'not-an-id' }] })))!;
    await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [views(3)] }));
    await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [views(4)] }));
    const deadline = Date.now() + 10_000;
    while ((await counted()) < 7 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await counted()).toBe(7);
    // The one that cannot be counted waits for its next attempt, still on the stream and pending.
    const pending = (await redis.xpending(stream, ANALYTICS_STREAM_GROUP, '-', '+', 10)) as Array<[string, string, number, number]>;
    expect(pending.map(([id]) => id)).toEqual([poison]);
    expect(await redis.xlen(stream)).toBe(1);
    // Taken off by hand, as an operator would (the worker then finds it gone): the stream is empty again.
    await redis.xack(stream, ANALYTICS_STREAM_GROUP, poison);
    await redis.xdel(stream, poison);
    await analyticsSettled(app);
    expect(await counted()).toBe(7);
  });

  it('makes the stream and its group again when Redis lost them, and counts what comes after', async () => {
    const { views, counted } = await creator();
    await redis.del(stream);
    // An API process hands a batch over meanwhile: the stream is made again, without the group.
    await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [views(2)] }));
    const deadline = Date.now() + 10_000;
    while ((await counted()) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await counted()).toBe(2);
    await analyticsSettled(app);
  });

  it("takes over the entries a worker read and never acknowledged, once they were idle for WORKER_LOCK_MS", async () => {
    const { views, counted } = await creator();
    await worker!.close();
    worker = null;
    // A worker reads the entry and stops (killed, cut off) before acknowledging it.
    await redis.xadd(stream, '*', ...entryFields({ id: randomUUID(), groups: [views(7)] }));
    const read = (await redis.xreadgroup('GROUP', ANALYTICS_STREAM_GROUP, 'gone', 'COUNT', 10, 'STREAMS', stream, '>')) as Array<[string, unknown[]]>;
    expect(read[0]![1]).toHaveLength(1);
    expect(await counted()).toBe(0);

    worker = await startStreamWorker(500);
    await analyticsSettled(app);
    expect(await counted()).toBe(7);
    const pending = (await redis.xpending(stream, ANALYTICS_STREAM_GROUP)) as [number, ...unknown[]];
    expect(pending[0]).toBe(0);
  });
});
