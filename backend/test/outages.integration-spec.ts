import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'node:net';
import { MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmConfig } from '../src/database/mikro-orm.config.js';
import { freePort, unique } from './support/harness.js';
import { exited, sleep, startProcess, until, type Running } from './support/processes.js';

/*
 * Outages of the stores, as deployed: an API process and a worker process on a PostgreSQL and a Redis that
 * this spec starts, stops and starts again itself, under steady visitor traffic. A page or link already
 * served keeps answering within its usual latency; the outage's views and clicks are held and counted once
 * the store is back, exactly; what cannot be answered gets 503 with Retry-After, never a 500 or a hang.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

interface OwnPostgres {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

function redisAnswers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      socket.destroy();
      done(data.toString().startsWith('+PONG'));
    });
    socket.on('error', () => done(false));
  });
}

/** A redis-server of this spec's own, keeping its data on disk (AOF) across a stop and start, as production must. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], {
    stdio: 'ignore',
  });
  await until('redis-server start', () => redisAnswers(port), (ok) => ok || child.exitCode !== null, 10_000);
  return child;
}

interface Visit {
  method: 'GET' | 'POST';
  path: string;
  /** What counts: a view of the page, a click on the link. */
  counts: 'view' | 'click';
  /** The answer that says it was served. */
  served: number;
}

/** Visitors' requests, `width` at a time, until stopped; each answer's status and time is kept. */
function steadyTraffic(base: string, visits: Visit[], width: number) {
  const answers: Array<{ visit: Visit; status: number; ms: number; at: number }> = [];
  let running = true;
  let next = 0;
  const loops = Array.from({ length: width }, async () => {
    while (running) {
      const visit = visits[next++ % visits.length]!;
      const started = performance.now();
      const status = await fetch(base + visit.path, {
        method: visit.method,
        headers: { 'user-agent': BROWSER },
        redirect: 'manual',
        signal: AbortSignal.timeout(5000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      answers.push({ visit, status, ms: performance.now() - started, at: Date.now() });
      await sleep(5);
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('store outages under steady traffic', () => {
  let dataDir: string;
  let postgres: OwnPostgres;
  let redis: ChildProcess;
  let redisPort: number;
  let env: NodeJS.ProcessEnv;
  let api: Running;
  let worker: Running;
  let base: string;
  let cookie = '';
  let username = '';
  let linkId = '';
  let unreadUsername = '';

  const json = (path: string, init: RequestInit = {}) =>
    fetch(base + path, {
      signal: AbortSignal.timeout(5000),
      ...init,
      headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': '10.9.9.9', ...(init.headers ?? {}) },
    });
  const totals = async () => (await (await json('/api/analytics')).json()) as { totalViews: number; totalClicks: number };
  const register = async (name: string) => {
    const response = await json('/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'correct horse', confirmPassword: 'correct horse', displayName: name }),
    });
    expect(response.status).toBe(201);
    return response.headers.get('set-cookie')!.split(';')[0]!;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkbio-outages-'));
    const embedded = (await import(resolve(ROOT, 'scripts/lib/embedded-postgres.mjs'))) as {
      startEmbeddedPostgres: (options: { dataDir: string; log: (m: string) => void; persistent: boolean }) => Promise<OwnPostgres>;
    };
    postgres = await embedded.startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), log: () => undefined, persistent: true });
    redisPort = await freePort();
    redis = await startRedis(redisPort, dataDir);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: postgres.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_KEY_PREFIX: `linkbio-outages-${unique('o')}:`,
      SESSION_SECRET: 'outages-test-session-secret-0123456789abcdef',
      PUBLIC_URL: base,
      ALLOW_LOCAL_PAYMENTS: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: 'loopback',
      WORKER_SCHEDULES: 'false',
    };
    const orm = await MikroORM.init({ ...mikroOrmConfig(postgres.url, 1), logger: () => undefined });
    await orm.getMigrator().up();
    await orm.close(true);
    api = startProcess('main.js', env);
    worker = startProcess('worker.main.js', env);
    await until('API', () => fetch(`${base}/api/health`).then((r) => r.status, () => 0), (s) => s === 200 || api.child.exitCode !== null);

    unreadUsername = unique('n');
    await register(unreadUsername);
    username = unique('o');
    cookie = await register(username);
    const link = (await (await json('/api/links', { method: 'POST', body: JSON.stringify({ title: 'Shop', url: 'https://shop.example.com' }) })).json()) as { id: string };
    linkId = link.id;
  }, 120_000);

  afterAll(async () => {
    for (const running of [api, worker]) {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGTERM');
        await exited(running.child);
      }
    }
    if (redis && redis.exitCode === null) {
      redis.kill('SIGTERM');
      await exited(redis);
    }
    await postgres?.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** What the creator's own calls get while a store is down: 503 with Retry-After and a message, not a 500. */
  async function expectServiceUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ statusCode: 503, message: 'This is not available right now. Please try again in a moment.' });
  }

  /**
   * Runs traffic (the page, /go and the click call) through `outage`, which says when the store went down and
   * came back, and checks every answer was served in time, then that every visit was counted exactly once.
   */
  async function underTraffic(outage: (down: () => void, up: () => void) => Promise<void>) {
    const before = await totals();
    const traffic = steadyTraffic(
      base,
      [
        { method: 'GET', path: `/${username}`, counts: 'view', served: 200 },
        { method: 'GET', path: `/go/${linkId}`, counts: 'click', served: 302 },
        { method: 'POST', path: `/api/links/${linkId}/click`, counts: 'click', served: 200 },
      ],
      8,
    );
    await sleep(1000);
    let downAt = 0;
    let upAt = 0;
    await outage(
      () => (downAt = Date.now()),
      () => (upAt = Date.now()),
    );
    await sleep(1000);
    await traffic.stop();

    const failed = traffic.answers.filter((a) => a.status !== a.visit.served);
    expect(failed).toEqual([]);
    // No answer hung: a request that waited on the store would wait its 5 s client timeout or more. The bound
    // leaves room for a machine busy with the other specs (an answer of about 1 s was seen under that load).
    const slowest = Math.max(...traffic.answers.map((a) => a.ms));
    expect(slowest).toBeLessThan(2500);
    // While the store was down the answers came as fast as usual: a few ms each, tens on a busy machine.
    const duringOutage = traffic.answers.filter((a) => a.at > downAt && a.at < upAt);
    expect(duringOutage.length).toBeGreaterThan(100);
    expect(median(duringOutage.map((a) => a.ms))).toBeLessThan(250);
    const views = traffic.answers.filter((a) => a.visit.counts === 'view').length;
    const clicks = traffic.answers.filter((a) => a.visit.counts === 'click').length;
    expect(views).toBeGreaterThan(50);
    const after = await until('every visit counted', totals, (t) => t.totalViews >= before.totalViews + views && t.totalClicks >= before.totalClicks + clicks, 60_000);
    await sleep(2000); // anything counted twice would show by now
    expect(await totals()).toMatchObject({ totalViews: before.totalViews + views, totalClicks: before.totalClicks + clicks });
    return { after, traffic };
  }

  it('keeps pages and links answering while Redis is down, holds the views and clicks, and counts them once it is back', async () => {
    // Down for 12 s, as when pages hung until their visitors gave up.
    await underTraffic(async (down, up) => {
      redis.kill('SIGTERM');
      await exited(redis);
      down();
      await sleep(1500);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      const body = (await health.json()) as { redis: string; analytics?: { held: number; dropped: number } };
      expect(body.redis).toBe('down');
      expect(body.analytics?.held).toBeGreaterThan(0);
      expect(body.analytics?.dropped).toBe(0);
      await expectServiceUnavailable(await json('/api/links'));
      await sleep(12_000 - 1500);
      up();
      redis = await startRedis(redisPort, dataDir);
    });
    await until('health', () => fetch(`${base}/api/health`).then((r) => r.json() as Promise<Record<string, unknown>>), (b) => b.status === 'ok' && b.analytics === undefined);
  }, 120_000);

  it('keeps pages and links answering while PostgreSQL is down, answers pages it never read with 503, and counts every visit', async () => {
    // Down for 8 s, as when pages and links answered 500.
    await underTraffic(async (down, up) => {
      await postgres.stop();
      down();
      await sleep(500);
      const unread = await fetch(`${base}/${unreadUsername}`, { headers: { 'user-agent': BROWSER } });
      expect(unread.status).toBe(503);
      expect(unread.headers.get('retry-after')).toBe('5');
      expect(unread.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await unread.text()).toContain('Back in a Moment');
      const profile = await fetch(`${base}/api/users/${unreadUsername}`);
      expect(profile.status).toBe(503);
      expect(((await profile.json()) as { message: string }).message).toMatch(/not available right now/);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { database: string }).database).toBe('down');
      await expectServiceUnavailable(await json('/api/links'));
      await sleep(8000 - 500);
      up();
      await postgres.start();
    });
    expect((await fetch(`${base}/${unreadUsername}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);
  }, 120_000);

  it('logged each outage and its end, and nothing failing besides', () => {
    const log = api.output();
    expect(log).toContain('Views and clicks are held in memory until the queue answers');
    expect(log).toContain('Views and clicks are queued again');
    expect(log).toContain('Pages answered from the cache: the database did not answer');
    expect(log).toContain('The database answers again');
    expect(log).not.toMatch(/Internal server error|TypeError|UnhandledPromiseRejection/i);
  });
});
