import { createServer } from 'node:net';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { loadEnv, type Env } from '../../src/config/env.js';
import { createApp } from '../../src/create-app.js';
import { createWorker } from '../../src/create-worker.js';
import { mikroOrmConfig } from '../../src/database/mikro-orm.config.js';
import { analyticsStreamKey } from '../../src/modules/analytics/infrastructure/analytics-stream.js';
import { ENV, REDIS } from '../../src/shared/infrastructure/infrastructure.tokens.js';
import { JobQueues } from '../../src/shared/queues/job-queues.js';
import { migrateQueueSchema } from '../../src/shared/queues/queue-connection.js';
import type { Logger } from '../../src/shared/logging/logger.js';
import { suiteLogger } from './suite-log.js';

export type Agent = TestAgent;

let counter = 0;
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;

/** A name no other test of this run uses (valid as a username: lowercase letters, digits, hyphens). */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${runId}${counter}`.toLowerCase().slice(0, 30);
}

/** An HTTP Basic Authorization header value (operators' sign-in). */
export const basicAuth = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A distinct client address per caller, so rate limits of one test never touch another. */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run integration specs through jest.integration.config.js');
  return url;
}

/** A TCP port free right now on 127.0.0.1, for a process a spec starts. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A fresh database beside the run's, migrated as `npm run migrate` does (quietly), for a spec whose checks
 * span every row of a table (another spec file's rows would change them at any time). `drop` removes it.
 */
export async function ownDatabase(suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const runUrl = new URL(testDatabaseUrl());
  const name = `${runUrl.pathname.slice(1)}_${suffix}`.slice(0, 63);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: runUrl.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(runUrl.toString());
  url.pathname = `/${name}`;
  const orm = await MikroORM.init({ ...mikroOrmConfig(url.toString(), 1), logger: () => undefined });
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The environment of this spec file's API and worker: the run's database, Redis unless `redis: false`, and
 * queues of its own (a Redis key prefix, or a PostgreSQL schema when the queues live in PostgreSQL).
 */
export async function testEnv(options: { redis?: boolean } = {}): Promise<Env> {
  const redis = options.redis !== false && Boolean(process.env.REDIS_URL);
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: redis ? process.env.REDIS_URL : undefined,
    REDIS_KEY_PREFIX: `linkbio-test-${runId}:`,
    QUEUE_SCHEMA: `bullmq_${runId}`,
    // No sweeps from this file's worker: spec files share the database, and the payments spec runs its own.
    WORKER_SCHEDULES: 'false',
    SESSION_SECRET: 'integration-test-session-secret-0123456789',
    TRUST_PROXY: 'loopback',
    DATABASE_POOL_MAX: '4',
  });
  if (!redis) await migrateQueueSchema(env.DATABASE_URL, env.QUEUE_SCHEMA);
  return env;
}

/**
 * The API exactly as main.ts builds it, on the run's database, with Redis unless `redis: false`; its request
 * lines to `logger` when given (a LogCapture's), else to the spec file's suite log (every line kept, and
 * scanned for the secrets the file was handed: secrets-never-logged.ts).
 */
export async function startApp(options: { redis?: boolean; logger?: Logger } = {}): Promise<INestApplication> {
  const env = await testEnv(options);
  return createApp(env, { logger: options.logger ?? suiteLogger(env.LOG_LEVEL) });
}

/** The worker exactly as worker.main.ts builds it, on the same queues as startApp's API. */
export async function startWorker(options: { redis?: boolean } = {}): Promise<INestApplicationContext> {
  return createWorker(await testEnv(options));
}

/**
 * Waits until the worker has counted every view and click handed over so far (the analytics stream and queue are
 * empty: an entry is deleted, and a job completes, only once its batch is committed), so a count read next is final.
 */
export async function analyticsSettled(app: INestApplication | INestApplicationContext, timeoutMs = 15_000): Promise<void> {
  const queue = app.get(JobQueues).queue('analytics');
  const redis = app.get<Redis | null>(REDIS, { strict: false });
  const stream = analyticsStreamKey(app.get<Env>(ENV, { strict: false }).REDIS_KEY_PREFIX);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = { ...(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')), stream: redis ? await redis.xlen(stream) : 0 };
    const left = Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`Analytics not counted within ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A cookie-keeping client that presents its own client address. */
export function agent(app: INestApplication, ip = uniqueIp()): Agent {
  return request.agent(app.getHttpServer()).set('X-Forwarded-For', ip);
}

export interface Registration {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
  bio?: string;
}

export function registration(overrides: Partial<Registration> = {}): Registration {
  const username = overrides.username ?? unique('c');
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct horse',
    confirmPassword: overrides.password ?? 'correct horse',
    displayName: `Creator ${username}`,
    ...overrides,
  };
}

/** Registers a creator and returns a signed-in client for them. */
export async function signedInCreator(app: INestApplication, overrides: Partial<Registration> = {}) {
  const client = agent(app);
  const details = registration(overrides);
  const response = await client.post('/api/auth/register').send(details).expect(201);
  return { client, details, user: response.body as { id: string; username: string } };
}

/** Direct database access for arranging premium plans and checking that nothing changed. */
export class Database {
  private readonly pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });

  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []) {
    return this.pool.query<T>(sql, params);
  }

  async makePremium(userId: string, isPremium = true): Promise<void> {
    await this.query('update users set is_premium = $2 where id = $1', [userId, isPremium]);
  }

  /** A fingerprint of every row a request could change (sessions aside). */
  async fingerprint(): Promise<string> {
    const tables = ['users', 'links', 'rate_limits'];
    const parts = await Promise.all(
      tables.map((table) =>
        this.query<{ digest: string | null }>(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
        ).then((r) => `${table}:${r.rows[0]?.digest}`),
      ),
    );
    return parts.join(' ');
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
