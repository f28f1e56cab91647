import { jest } from '@jest/globals';
import { Logger, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import { loadEnv, type Env } from '../src/config/env.js';
import { createApp } from '../src/create-app.js';
import { createWorker } from '../src/create-worker.js';
import { migrationsList } from '../src/database/mikro-orm.config.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { migrateQueueSchema } from '../src/shared/queues/queue-connection.js';
import { SCHEDULES } from '../src/shared/queues/queue-definitions.js';
import { basicAuth, ownDatabase, unique } from './support/harness.js';
import { until } from './support/processes.js';

/**
 * /api/health/live and /api/health/ready, and the schedules surviving a Redis that lost its data. The API and
 * the worker run on a database of this file's own (the worker runs the real sweeps there) and on queues of
 * its own (a Redis key prefix, or a PostgreSQL schema), so deleting them touches no other spec.
 */

const OPERATOR = { user: 'ops', password: 'correct horse battery' };
const ALL_SCHEDULES = SCHEDULES.map((schedule) => schedule.id);
const LAST_MIGRATION = migrationsList.at(-1)!.name;

/** Deletes every key under `prefix`; returns how many there were. */
async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    return keys.length;
  } finally {
    redis.disconnect();
  }
}

describe('GET /api/health/live and /api/health/ready', () => {
  let database: { url: string; drop: () => Promise<void> };
  let env: Env;
  let app: INestApplication;
  let worker: INestApplicationContext | null = null;
  const redisUrl = process.env.REDIS_URL;
  const prefix = `linkbio-test-${unique('h')}:`;
  const ready = () => request(app.getHttpServer()).get('/api/health/ready');

  beforeAll(async () => {
    database = await ownDatabase(unique('health'));
    env = loadEnv({
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      QUEUE_SCHEMA: `bullmq_${unique('h')}`,
      SESSION_SECRET: 'health-ready-session-secret-0123456789abcdef',
      DATABASE_POOL_MAX: '2',
      WORKER_SCHEDULES: 'true',
      WORKER_SCHEDULES_CHECK_MS: '300',
      OPERATOR_USER: OPERATOR.user,
      OPERATOR_PASSWORD: OPERATOR.password,
    });
    if (!redisUrl) await migrateQueueSchema(env.DATABASE_URL, env.QUEUE_SCHEMA);
    app = await createApp(env);
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await database?.drop();
    if (redisUrl) await deleteKeys(redisUrl, prefix);
  });

  it('live answers 200 without asking anything of the stores', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('ready answers 200 while no worker has created the schedules, naming them all in its body', async () => {
    // The schedules are the workers' to keep, in the queue store every API process shares: a missing one must
    // not take this process (and so every process) out of the proxy.
    const response = await ready().expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      database: 'up',
      redis: redisUrl ? 'up' : 'not configured',
      migrations: 'current',
      schedules: 'missing',
      missingSchedules: ALL_SCHEDULES,
    });
  });

  it('ready answers 200 naming the one schedule missing, and the metric says it', async () => {
    const queues = app.get(JobQueues);
    for (const schedule of SCHEDULES.filter((s) => s.id !== 'weekly-payouts')) {
      await queues
        .queue(schedule.queue)
        .upsertJobScheduler(schedule.id, schedule.repeat, { name: schedule.job, data: {} });
    }
    const response = await ready().expect(200);
    expect(response.body).toMatchObject({ status: 'ok', schedules: 'missing', missingSchedules: ['weekly-payouts'] });
    const metrics = await request(app.getHttpServer())
      .get('/metrics')
      .set('Authorization', basicAuth(OPERATOR.user, OPERATOR.password))
      .expect(200);
    expect(metrics.text).toMatch(/^linkbio_job_schedule_missing\{schedule="weekly-payouts"\} 1$/m);
    expect(metrics.text).toMatch(/^linkbio_job_schedule_missing\{schedule="billing-sweep"\} 0$/m);
  });

  it('ready answers 503 only for what keeps this process from serving, with the missing schedules in its body', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('delete from mikro_orm_migrations where name = $1', [LAST_MIGRATION]);
      const response = await ready().expect(503);
      expect(response.body).toMatchObject({
        schedules: 'missing',
        missingSchedules: ['weekly-payouts'],
        migrations: 'pending',
      });
      // The message names what keeps it from serving, not the schedules.
      expect(response.body.message).toBe(`Not ready: migrations are pending (${LAST_MIGRATION})`);
    } finally {
      await client.query('insert into mikro_orm_migrations (name, executed_at) values ($1, now())', [LAST_MIGRATION]);
      await client.end();
    }
  });

  it('ready answers 200 once a worker has created the schedules', async () => {
    worker = await createWorker(env);
    const response = await ready().expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      database: 'up',
      redis: redisUrl ? 'up' : 'not configured',
      migrations: 'current',
      schedules: 'present',
    });
  });

  it('the worker creates the schedules again after the queue store lost them (ready 200 throughout)', async () => {
    const queues = app.get(JobQueues);
    if (redisUrl) {
      // What a Redis restarted without persistence has: none of this install's keys.
      expect(await deleteKeys(redisUrl, prefix)).toBeGreaterThan(0);
    } else {
      for (const schedule of SCHEDULES) await queues.queue(schedule.queue).removeJobScheduler(schedule.id);
    }
    expect(await queues.queue('maintenance').getJobScheduler('billing-sweep')).toBeUndefined();

    // The worker started before (its start-up upsert is done): this is its periodic check.
    const body = await until(
      'the schedules present',
      () =>
        ready()
          .expect(200)
          .then((r) => r.body as { schedules: string }),
      (b) => b.schedules === 'present',
      10_000,
    );
    expect(body).toMatchObject({ status: 'ok', schedules: 'present' });
    for (const schedule of SCHEDULES) {
      expect(await queues.queue(schedule.queue).getJobScheduler(schedule.id)).toMatchObject({ key: schedule.id });
    }
  });

  it('the worker recreates the schedules whose scheduler Redis lost while their next run stayed, logging no error', async () => {
    const queues = app.get(JobQueues);
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      if (redisUrl) {
        // The reported case: the scheduler's entry and hash gone, its next run's job still there.
        const redis = new Redis(redisUrl);
        try {
          for (const schedule of SCHEDULES) {
            const repeat = `${prefix}bull:${schedule.queue}:repeat`;
            expect(await redis.zrem(repeat, schedule.id)).toBe(1);
            await redis.del(`${repeat}:${schedule.id}`);
          }
        } finally {
          redis.disconnect();
        }
      } else {
        for (const schedule of SCHEDULES) await queues.queue(schedule.queue).removeJobScheduler(schedule.id);
      }
      expect((await ready().expect(200)).body).toMatchObject({ schedules: 'missing' });
      const body = await until(
        'the schedules present',
        () =>
          ready()
            .expect(200)
            .then((r) => r.body as { schedules: string }),
        (b) => b.schedules === 'present',
        10_000,
      );
      expect(body).toMatchObject({ schedules: 'present' });
      // A few more of the worker's checks (every 300 ms): nothing is wrong, nothing logged.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(errors.mock.calls.map(([message]) => String(message))).toEqual([]);
      for (const schedule of SCHEDULES) {
        const runs = (await queues.queue(schedule.queue).getJobs(['delayed', 'wait', 'prioritized'])).filter((job) =>
          job.id!.startsWith(`repeat:${schedule.id}:`),
        );
        expect([schedule.id, runs.length]).toEqual([schedule.id, 1]);
      }
    } finally {
      errors.mockRestore();
    }
  });

  it('ready answers 503 naming a migration the database has not applied, and 200 once it has', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const removed = await client.query('delete from mikro_orm_migrations where name = $1 returning *', [
        LAST_MIGRATION,
      ]);
      expect(removed.rowCount).toBe(1);
      const response = await ready().expect(503);
      expect(response.body).toMatchObject({ migrations: 'pending', pendingMigrations: [LAST_MIGRATION] });
      expect(response.body.message).toBe(`Not ready: migrations are pending (${LAST_MIGRATION})`);

      await client.query('insert into mikro_orm_migrations (name, executed_at) values ($1, now())', [LAST_MIGRATION]);
      await ready().expect(200);
      // A migration of a newer build (during a rollout) does not make this one unready.
      await client.query(
        "insert into mikro_orm_migrations (name, executed_at) values ('Migration29990101000000_newer', now())",
      );
      await ready().expect(200);
    } finally {
      await client.end();
    }
  });

  it('keeps /api/health as it was', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: redisUrl ? 'up' : 'not configured' });
  });
});
