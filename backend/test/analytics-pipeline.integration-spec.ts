import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadEnv, type Env } from '../src/config/env.js';
import { analyticsStreamKey, batchOfEntry } from '../src/modules/analytics/infrastructure/analytics-stream.js';
import { queueConnection, migrateQueueSchema, type QueueConnection } from '../src/shared/queues/queue-connection.js';
import { freePort, testDatabaseUrl, unique } from './support/harness.js';
import { exited, sleep, startProcess, until, type Running } from './support/processes.js';

/*
 * The analytics pipeline as it runs in production: two API processes enqueue views and clicks, a separate
 * worker process aggregates them. Built code (dist/), real processes, real signals, on both queue backends: on
 * Redis the API processes hand their batches over on a stream, without Redis as jobs on the analytics queue.
 */

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Runs `tasks` with at most `width` in flight. */
async function inParallel(tasks: Array<() => Promise<unknown>>, width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

describe.each([
  ['Redis', true],
  ['PostgreSQL', false],
] as const)('the analytics pipeline with queues on %s', (_backend, useRedis) => {
  const id = unique('p');
  let env: NodeJS.ProcessEnv;
  let queueEnv: Env;
  let connection: QueueConnection;
  let analyticsQueue: Queue;
  let redis: Redis | null = null;
  let db: pg.Pool;
  const apis: Running[] = [];
  let worker: Running | null = null;
  const apiUrls: string[] = [];

  const startWorkerProcess = async () => {
    const running = startProcess('worker.main.js', env);
    await until('worker start', async () => running.output(), (out) => out.includes('Processing analytics') || running.child.exitCode !== null);
    if (running.child.exitCode !== null) throw new Error(`worker exited:\n${running.output()}`);
    return running;
  };

  beforeAll(async () => {
    if (useRedis && !process.env.REDIS_URL) throw new Error('REDIS_URL is not set: run the tests with `npm test`.');
    env = {
      ...process.env,
      NODE_ENV: 'development', // logs the worker's "Processing …" line, which the spec waits for
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: useRedis ? process.env.REDIS_URL : '',
      REDIS_KEY_PREFIX: `linkbio-pipeline-${id}:`,
      QUEUE_SCHEMA: `bullmq_${id}`,
      SESSION_SECRET: 'pipeline-test-session-secret-0123456789abc',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      DATABASE_POOL_MAX: '4',
      // A crashed worker's jobs are taken over after 2 s instead of 30 s.
      WORKER_LOCK_MS: '2000',
      WORKER_STALLED_CHECK_MS: '1000',
      WORKER_SCHEDULES: 'false', // the database is shared with other spec files: no sweeps from here
    };
    if (!useRedis) delete env.REDIS_URL;
    queueEnv = loadEnv(env);
    if (!useRedis) await migrateQueueSchema(queueEnv.DATABASE_URL, queueEnv.QUEUE_SCHEMA);
    connection = queueConnection(queueEnv);
    analyticsQueue = connection.queue('analytics', {});
    if (useRedis) redis = new Redis(process.env.REDIS_URL!);
    db = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });

    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      apis.push(startProcess('main.js', { ...env, PORT: String(port) }));
      apiUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(
      apiUrls.map((url, i) =>
        until(`API ${i + 1}`, () => fetch(`${url}/api/health`).then((r) => r.status, () => 0), (status) => status === 200 || apis[i]!.child.exitCode !== null),
      ),
    );
    worker = await startWorkerProcess();
  }, 60_000);

  afterAll(async () => {
    for (const running of [...apis, worker]) {
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGTERM');
        await exited(running.child);
      }
    }
    await analyticsQueue?.obliterate({ force: true }).catch(() => undefined);
    await redis?.del(analyticsStreamKey(queueEnv.REDIS_KEY_PREFIX));
    await redis?.quit();
    await analyticsQueue?.close();
    await connection?.close();
    if (!useRedis) await db?.query(`drop schema if exists bullmq_${id} cascade`);
    await db?.end();
  });

  /** The batches handed over and not counted yet: entries on the stream, or jobs on the queue. */
  const waitingBatches = async (): Promise<Array<{ groups: Array<{ count: number }> }>> => {
    if (redis) {
      const entries = await redis.xrange(analyticsStreamKey(queueEnv.REDIS_KEY_PREFIX), '-', '+');
      return entries.map(([, fields]) => batchOfEntry(fields)!);
    }
    const jobs = await analyticsQueue.getJobs(['waiting', 'active', 'delayed'], 0, -1);
    return jobs.map((job) => job.data as { groups: Array<{ count: number }> });
  };
  const drained = async () => (await waitingBatches()).length === 0;

  let cookie = '';
  let username = '';
  const links: Array<{ id: string }> = [];

  const analytics = async () => {
    const response = await fetch(`${apiUrls[1]}/api/analytics`, { headers: { cookie } });
    return (await response.json()) as { totalViews: number; totalClicks: number };
  };
  const linkTotals = async () => {
    const { rows } = await db.query<{ clicks: string }>(
      'select coalesce(sum(clicks), 0) as clicks from analytics_link_totals where link_id = any($1::uuid[])',
      [links.map((l) => l.id)],
    );
    return Number(rows[0]!.clicks);
  };

  it('counts N concurrent clicks and views spread over two API processes exactly, and no bot or owner views', async () => {
    username = unique('pipe');
    const registered = await fetch(`${apiUrls[0]}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'correct horse', confirmPassword: 'correct horse', displayName: 'Pipe' }),
    });
    expect(registered.status).toBe(201);
    cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    for (const title of ['one', 'two']) {
      const response = await fetch(`${apiUrls[0]}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title, url: `https://example.com/${title}`, order: 0 }),
      });
      expect(response.status).toBe(201);
      links.push((await response.json()) as { id: string });
    }

    const CLICKS = 300;
    const VIEWS = 120;
    const tasks: Array<() => Promise<unknown>> = [];
    const expectStatus = (status: number) => (response: Response) => expect(response.status).toBe(status);
    for (let i = 0; i < CLICKS; i += 1) {
      const api = apiUrls[i % 2]!;
      const link = links[i % links.length]!;
      tasks.push(() =>
        i % 3 === 0
          ? fetch(`${api}/api/links/${link.id}/click`, { method: 'POST', headers: { 'user-agent': BROWSER } }).then(expectStatus(200))
          : fetch(`${api}/go/${link.id}`, { headers: { 'user-agent': BROWSER }, redirect: 'manual' }).then(expectStatus(302)),
      );
    }
    for (let i = 0; i < VIEWS; i += 1) {
      const api = apiUrls[(i + 1) % 2]!;
      tasks.push(() =>
        (i % 2 === 0 ? fetch(`${api}/${username}`, { headers: { 'user-agent': BROWSER, referer: 'https://www.instagram.com/p/x' } }) : fetch(`${api}/api/users/${username}`, { headers: { 'user-agent': BROWSER } })).then(expectStatus(200)),
      );
    }
    // Not counted: bots, and the creator looking at their own page while signed in.
    for (let i = 0; i < 20; i += 1) {
      const api = apiUrls[i % 2]!;
      tasks.push(() => fetch(`${api}/${username}`, { headers: { 'user-agent': GOOGLEBOT } }).then(expectStatus(200)));
      tasks.push(() => fetch(`${api}/go/${links[0]!.id}`, { headers: { 'user-agent': GOOGLEBOT }, redirect: 'manual' }).then(expectStatus(302)));
      tasks.push(() => fetch(`${api}/${username}`, { headers: { 'user-agent': BROWSER, cookie } }).then(expectStatus(200)));
    }
    tasks.sort(() => Math.random() - 0.5);
    await inParallel(tasks, 40);

    const counted = await until('counts', analytics, (a) => a.totalClicks >= CLICKS && a.totalViews >= VIEWS);
    expect(counted).toMatchObject({ totalClicks: CLICKS, totalViews: VIEWS });
    await until('all handed-over batches counted', drained, (done) => done);
    await sleep(500);
    expect(await analytics()).toMatchObject({ totalClicks: CLICKS, totalViews: VIEWS });
    expect(await linkTotals()).toBe(CLICKS);
    const { rows: referrers } = await db.query<{ host: string; views: number }>(
      `select key as host, views from analytics_breakdown_daily r join users u on u.id = r.owner_id
        where u.username = $1 and r.dimension = 'referrer' and r.key <> '' and r.views > 0`,
      [username],
    );
    expect(referrers).toEqual([{ host: 'www.instagram.com', views: VIEWS / 2 }]);
    const { rows: devices } = await db.query<{ device: string; views: number }>(
      `select key as device, sum(views)::int as views from analytics_breakdown_daily d join users u on u.id = d.owner_id
        where u.username = $1 and d.dimension = 'device' and d.views > 0 group by key`,
      [username],
    );
    expect(devices).toEqual([{ device: 'mobile', views: VIEWS }]);
  }, 90_000);

  it('loses nothing and counts nothing twice when the worker drains on SIGTERM or is killed with SIGKILL mid-batch', async () => {
    const before = await linkTotals();

    // SIGTERM: the worker finishes what it holds and exits 0.
    worker!.child.kill('SIGTERM');
    expect(await exited(worker!.child)).toBe(0);

    // With no worker, clicks wait to be counted.
    const CLICKS = 2400;
    const tasks = Array.from({ length: CLICKS }, (_, i) => () =>
      fetch(`${apiUrls[i % 2]}/go/${links[i % 2]!.id}`, { headers: { 'user-agent': BROWSER }, redirect: 'manual' }).then((r) => expect(r.status).toBe(302)),
    );
    // A few at a time: each API process then queues many small jobs, so a worker killed mid-way still holds some
    // (40 at a time made few large jobs, and one batch could count them all before the kill).
    await inParallel(tasks, 4);
    expect(await linkTotals()).toBe(before);
    // Each API process hands the clicks it counted together over as one batch: count the clicks their groups stand for.
    const clicksOf = (batch: { groups: Array<{ count: number }> }) => batch.groups.reduce((sum, group) => sum + group.count, 0);
    expect((await waitingBatches()).reduce((sum, batch) => sum + clicksOf(batch), 0)).toBe(CLICKS);

    // A worker starts counting and is killed while batches are in flight.
    const doomed = await startWorkerProcess();
    const partial = await until('first batches', linkTotals, (n) => n > before, 30_000);
    doomed.child.kill('SIGKILL');
    await exited(doomed.child);
    const atKill = await linkTotals();
    expect(partial).toBeLessThan(before + CLICKS);
    expect(await drained()).toBe(false); // the kill came mid-way, with batches held by the dead worker
    expect(atKill).toBeLessThan(before + CLICKS);

    // A new worker takes over the dead one's jobs once their locks expire: every click counted once.
    worker = await startWorkerProcess();
    await until('all counted', linkTotals, (n) => n >= before + CLICKS, 60_000);
    await until('all handed-over batches counted', drained, (done) => done, 30_000);
    await sleep(2500); // longer than a lock: any batch retried late would show now
    expect(await linkTotals()).toBe(before + CLICKS);
    expect((await analytics()).totalClicks).toBe(before + CLICKS);
  }, 180_000);

  it('stops both API processes cleanly on SIGTERM', async () => {
    for (const api of apis) {
      api.child.kill('SIGTERM');
      expect(await exited(api.child)).toBe(0);
    }
  }, 30_000);
});
