import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { loadEnv } from '../../src/config/env.js';
import { createApp } from '../../src/create-app.js';

export type Agent = TestAgent;

let counter = 0;
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;

/** A name no other test of this run uses (valid as a username: lowercase letters, digits, hyphens). */
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${runId}${counter}`.toLowerCase().slice(0, 30);
}

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

/** The API exactly as main.ts builds it, on the run's database, with Redis unless `redis: false`. */
export async function startApp(options: { redis?: boolean } = {}): Promise<INestApplication> {
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: options.redis === false ? undefined : process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `linkbio-test-${runId}:`,
    SESSION_SECRET: 'integration-test-session-secret-0123456789',
    TRUST_PROXY: 'loopback',
    DATABASE_POOL_MAX: '4',
  });
  return createApp(env);
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
    const tables = ['users', 'links', 'analytics_events', 'rate_limits'];
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
