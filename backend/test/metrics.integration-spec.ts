import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import request from 'supertest';
import { createApp } from '../src/create-app.js';
import { createWorker } from '../src/create-worker.js';
import type { Env } from '../src/config/env.js';
import { agent, analyticsSettled, basicAuth, Database, freePort, ownDatabase, signedInCreator, testEnv, unique } from './support/harness.js';

const OPERATOR = { user: 'ops', password: 'correct horse battery' };
const OPERATOR_AUTH = basicAuth(OPERATOR.user, OPERATOR.password);
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const card = (clientSecret: string, cardNumber: string) => ({ clientSecret, cardNumber, expiry: '12/34', cvc: '123', name: 'Ada' });

interface Family {
  name: string;
  type: string;
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }>;
}

/**
 * A scrape, read by a Prometheus text-format parser: the value of a series (0 when absent), a histogram's
 * count. The parser folds a histogram's labelled series into one, so their samples (`_count`, `_bucket`)
 * are also read as plain series, from the same text without the histograms' TYPE lines.
 */
class Scrape {
  readonly families: Map<string, Family>;
  private readonly samples: Map<string, Family>;

  constructor(text: string) {
    // Read as plain series, a histogram's series come as runs of `_bucket`, `_sum`, `_count` samples: merged by name.
    const byName = (families: Family[]) => {
      const merged = new Map<string, Family>();
      for (const family of families) {
        const known = merged.get(family.name);
        if (known) known.metrics.push(...family.metrics);
        else merged.set(family.name, { ...family, metrics: [...family.metrics] });
      }
      return merged;
    };
    this.families = byName(parsePrometheusTextFormat(text) as Family[]);
    this.samples = byName(parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, '')) as Family[]);
  }

  private series(name: string, labels: Record<string, string>) {
    const family = this.samples.get(name);
    return (family?.metrics ?? []).filter((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  }

  value(name: string, labels: Record<string, string> = {}): number {
    return this.series(name, labels).reduce((sum, metric) => sum + Number(metric.value), 0);
  }

  count(name: string, labels: Record<string, string> = {}): number {
    return this.value(`${name}_count`, labels);
  }

  labelValues(name: string, label: string): string[] {
    const family = this.samples.get(`${name}_count`) ?? this.samples.get(name);
    return [...new Set((family?.metrics ?? []).map((metric) => metric.labels?.[label] ?? ''))].sort();
  }
}

describe('Prometheus metrics (/metrics)', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let env: Env;
  let app: INestApplication;
  let db: Database;

  const scrape = async (): Promise<Scrape> => {
    const response = await request(app.getHttpServer()).get('/metrics').set('Authorization', OPERATOR_AUTH).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return new Scrape(response.text);
  };
  const httpCount = (s: Scrape, route: string, method: string, status: string) =>
    s.count('linkbio_http_request_duration_seconds', { route, method, status });

  beforeAll(async () => {
    // A database of its own: payouts and sent e-mails are read exactly, with no other spec file's rows.
    database = await ownDatabase('metrics');
    process.env.TEST_DATABASE_URL = database.url;
    // Queues of its own too: the worker below counts exactly this file's views and clicks.
    env = { ...(await testEnv()), REDIS_KEY_PREFIX: `linkbio-test-${unique('metrics')}:`, OPERATOR_USER: OPERATOR.user, OPERATOR_PASSWORD: OPERATOR.password } as Env;
    app = await createApp(env);
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await database?.drop();
  });

  it('answers only to the operators’ credentials', async () => {
    const server = app.getHttpServer();
    const none = await request(server).get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic /);
    await request(server).get('/metrics').set('Authorization', basicAuth(OPERATOR.user, 'wrong password!!')).expect(401);
    const scraped = await scrape();
    // prom-client's process defaults are there.
    expect(scraped.families.has('process_cpu_user_seconds_total')).toBe(true);
    expect(scraped.families.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('times requests by route pattern and status, fast paths and Express alike, never by raw URL', async () => {
    const creator = await signedInCreator(app);
    const link = (await creator.client.post('/api/links').send({ title: 'Shop', url: 'https://shop.example.com', order: 0 }).expect(201)).body as { id: string };
    const before = await scrape();
    const visitor = agent(app).set('User-Agent', BROWSER);
    for (let i = 0; i < 3; i += 1) await visitor.get(`/${creator.details.username}`).expect(200);
    for (let i = 0; i < 2; i += 1) await visitor.post(`/api/links/${link.id}/click`).expect(200);
    await visitor.get(`/go/${link.id}`).expect(302);
    await creator.client.get('/api/links').expect(200);
    await visitor.get(`/nobody-${unique()}/deeper/path`).expect(404);
    const after = await scrape();

    expect(httpCount(after, '/:username', 'GET', '200') - httpCount(before, '/:username', 'GET', '200')).toBe(3);
    expect(httpCount(after, '/api/links/:id/click', 'POST', '200') - httpCount(before, '/api/links/:id/click', 'POST', '200')).toBe(2);
    expect(httpCount(after, '/go/:linkId', 'GET', '302') - httpCount(before, '/go/:linkId', 'GET', '302')).toBe(1);
    expect(httpCount(after, '/api/links', 'GET', '200') - httpCount(before, '/api/links', 'GET', '200')).toBe(1);
    expect(httpCount(after, 'unmatched', 'GET', '404') - httpCount(before, 'unmatched', 'GET', '404')).toBe(1);
    expect(after.count('linkbio_http_request_duration_seconds', { route: '/api/auth/register', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    // Patterns only: no username nor id appears as a route.
    const routes = after.labelValues('linkbio_http_request_duration_seconds', 'route');
    expect(routes.filter((route) => route.includes(creator.details.username) || route.includes(link.id))).toEqual([]);

    // The 3 views and 2 clicks went to the queue (the /go redirect counts a click too): 6 events.
    await waitFor(async () => (await scrape()).value('linkbio_analytics_events_queued_total') - before.value('linkbio_analytics_events_queued_total') === 6);
    const settled = await scrape();
    expect(settled.value('linkbio_analytics_events_held')).toBe(0);
    expect(settled.value('linkbio_analytics_events_dropped_total')).toBe(0);
  });

  it('counts a booking’s payment, a declined card, and the e-mails sent', async () => {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '20' }).expect(200);
    const book = async () =>
      ((await agent(app).post(`/api/users/${creator.details.username}/book`).send({ customerName: 'Ada Lovelace', customerEmail: `${unique('cust')}@example.com` }).expect(201))
        .body as { clientSecret: string }).clientSecret;
    const paid = await book();
    const declined = await book();
    const before = await scrape();

    await agent(app).post('/api/payments/local/confirm').send(card(declined, '4000000000000002')).expect(402);
    await agent(app).post('/api/payments/local/confirm').send(card(paid, '4242424242424242')).expect(200);
    await agent(app).post('/api/payments/local/confirm').send(card(paid, '4242424242424242')).expect(400);
    const after = await scrape();

    const moved = (labels: Record<string, string>) => after.value('linkbio_payments_total', labels) - before.value('linkbio_payments_total', labels);
    expect(moved({ provider: 'local', kind: 'booking', outcome: 'succeeded' })).toBe(1);
    expect(moved({ provider: 'local', kind: 'booking', outcome: 'failed' })).toBe(1);
    expect(moved({})).toBe(2);
    // Every e-mail this API sent (sign-ups' and the booking's two) is counted, and only those.
    const sent = await db.query<{ n: string }>('select count(*) as n from email_outbox where sent_at is not null');
    expect(after.value('linkbio_emails_sent_total')).toBe(Number(sent.rows[0]!.n));
    expect(after.value('linkbio_emails_sent_total') - before.value('linkbio_emails_sent_total')).toBeGreaterThanOrEqual(2);
    expect(after.value('linkbio_emails_failed_total')).toBe(0);
  });

  it('reads payouts by state, queue depth and the schedules at scrape time', async () => {
    const creator = await signedInCreator(app);
    const insertPayout = (week: string, status: string, method: string | null) =>
      db.query(
        `insert into payouts (id, creator_id, week, period_end, amount, currency, method, destination, status, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, now(), 1000, 'usd', $3, $4, $5, now(), now())`,
        [creator.user.id, week, method, method ? 'ada@example.com' : null, status],
      );
    await insertPayout('2026-W01', 'on_hold', null);
    await insertPayout('2026-W02', 'on_hold', null);
    await insertPayout('2026-W03', 'awaiting_manual', 'cashapp');

    const scraped = await scrape();
    expect(scraped.value('linkbio_payouts', { state: 'on_hold' })).toBe(2);
    expect(scraped.value('linkbio_payouts', { state: 'awaiting_manual' })).toBe(1);
    expect(scraped.value('linkbio_payouts', { state: 'paid' })).toBe(0);
    expect(scraped.labelValues('linkbio_queue_jobs', 'queue')).toEqual(['analytics', 'maintenance', 'payouts']);
    expect(scraped.labelValues('linkbio_queue_jobs', 'state')).toEqual(['active', 'delayed', 'failed', 'waiting']);
    // This file's worker runs no schedules (testEnv): the queue store holds none, each is missing.
    expect(scraped.value('linkbio_job_schedule_missing', { schedule: 'weekly-payouts' })).toBe(1);
    expect(scraped.labelValues('linkbio_job_schedule_missing', 'schedule')).toContain('billing-sweep');
  });

  it('counts the events the worker aggregates, its jobs and the lag, on WORKER_METRICS_PORT', async () => {
    const port = await freePort();
    const worker: INestApplicationContext = await createWorker({ ...env, WORKER_METRICS_PORT: port, HOST: '127.0.0.1' } as Env);
    try {
      const creator = await signedInCreator(app);
      const visitor = agent(app).set('User-Agent', BROWSER);
      for (let i = 0; i < 4; i += 1) await visitor.get(`/${creator.details.username}`).expect(200);
      await analyticsSettled(app);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const scraped = new Scrape(text);
      // This worker counted everything queued so far: the earlier tests' 6 events and these 4 views.
      expect(scraped.value('linkbio_analytics_events_aggregated_total')).toBe(10);
      expect(scraped.value('linkbio_worker_jobs_total', { queue: 'analytics', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
      expect(scraped.value('linkbio_worker_jobs_total', { outcome: 'failed' })).toBe(0);
      expect(scraped.count('linkbio_analytics_aggregation_lag_seconds')).toBe(scraped.value('linkbio_worker_jobs_total', { queue: 'analytics', outcome: 'completed' }));
      expect(scraped.families.has('process_resident_memory_bytes')).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(404);
    } finally {
      await worker.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('serves /metrics on METRICS_PORT without credentials when set, and no longer on the API’s port', async () => {
    const port = await freePort();
    const separate = await createApp({ ...env, METRICS_PORT: port, HOST: '127.0.0.1' } as Env);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const scraped = new Scrape(await response.text());
      expect(scraped.families.has('linkbio_http_request_duration_seconds')).toBe(true);
      expect(scraped.families.has('process_cpu_user_seconds_total')).toBe(true);
      const onApi = await request(separate.getHttpServer()).get('/metrics').set('Authorization', OPERATOR_AUTH);
      expect(onApi.status).toBe(404);
    } finally {
      await separate.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
