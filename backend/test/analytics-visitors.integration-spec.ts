import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { VisitorSalts } from '../src/modules/analytics/application/ports/visitor-salts.js';
import { AnalyticsCleanUpProcessor } from '../src/modules/analytics/jobs/analytics-clean-up.processor.js';
import { Clock } from '../src/shared/clock.js';
import { LogCapture } from '../src/shared/testing/log-capture.js';
import { Database, analyticsSettled, signedInCreator, startApp, startWorker } from './support/harness.js';

/*
 * Unique visitors, countries and campaigns (issue 29), through HTTP on the real API, queue and worker. Time is
 * the app's own Clock, moved by the spec; the days are long past, so no other spec's salts or hashes are
 * touched by the clean-up run here.
 */
const DAY_MS = 24 * 3600 * 1000;
const DAY_ONE = Date.UTC(2025, 0, 10, 9, 0, 0);
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Three visitors: one IPv4 and one IPv6 address in the shipped database's RIPE NCC ranges (NL), one private. */
const VISITORS = [
  { address: '193.0.0.1', agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1' },
  { address: '2001:67c:2e8::1', agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' },
  { address: '10.20.30.40', agent: 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) Safari/604.1' },
] as const;

describe('unique visitors, countries and campaigns', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  const capture = new LogCapture('debug');
  let now = DAY_ONE;

  beforeAll(async () => {
    app = await startApp({ logger: capture.logger });
    worker = await startWorker();
    db = new Database();
    app.get(Clock).now = () => new Date(now);
    worker.get(Clock).now = () => new Date(now);
  });

  afterAll(async () => {
    await db?.close();
    await worker?.close();
    await app?.close();
  });

  /** A creator with one link, signed in on their own client. */
  async function creator() {
    const { client, user } = await signedInCreator(app);
    const link = (await client.post('/api/links').send({ title: 'Shop', url: 'https://example.com/shop' }).expect(201))
      .body as { id: string };
    return { owner: client, user, link };
  }

  /** A visitor's request, from their address (through the loopback proxy, as in production behind one) and browser. */
  const from = (visitor: { address: string; agent: string }, test: request.Test) =>
    test.set('X-Forwarded-For', visitor.address).set('User-Agent', visitor.agent);

  async function daily(ownerId: string) {
    await analyticsSettled(app);
    const { rows } = await db.query<{ day: string; views: number; clicks: number; unique_visitors: number }>(
      "select to_char(day, 'YYYY-MM-DD') as day, views, clicks, unique_visitors from analytics_daily where owner_id = $1 order by day",
      [ownerId],
    );
    return rows;
  }

  async function breakdown(ownerId: string, dimension: string) {
    await analyticsSettled(app);
    const { rows } = await db.query<{ key: string; views: number; unique_visitors: number; clicks: number }>(
      `select key, sum(views)::int as views, sum(unique_visitors)::int as unique_visitors, sum(clicks)::int as clicks
         from analytics_breakdown_daily where owner_id = $1 and dimension = $2 group by key order by key`,
      [ownerId, dimension],
    );
    return rows;
  }

  it('counts 3 visitors × 4 page loads as 3 unique visitors, anew the next day with a new salt, and the clean-up destroys the old ones', async () => {
    const { user } = await creator();
    const server = app.getHttpServer();
    now = DAY_ONE;
    for (let round = 0; round < 4; round++) {
      for (const visitor of VISITORS) await from(visitor, request(server).get(`/${user.username}`)).expect(200);
    }
    expect(await daily(user.id)).toEqual([{ day: day(DAY_ONE), views: 12, clicks: 0, unique_visitors: 3 }]);

    now = DAY_ONE + DAY_MS;
    for (const visitor of VISITORS) {
      await from(visitor, request(server).get(`/${user.username}`)).expect(200);
      await from(visitor, request(server).get(`/api/users/${user.username}`)).expect(200);
    }
    expect(await daily(user.id)).toEqual([
      { day: day(DAY_ONE), views: 12, clicks: 0, unique_visitors: 3 },
      { day: day(DAY_ONE + DAY_MS), views: 6, clicks: 0, unique_visitors: 3 },
    ]);

    const hashes = async (at: number) =>
      (
        await db.query<{ hash: string }>(
          "select hash::text from analytics_visitors where owner_id = $1 and day = $2 and dimension = 'page'",
          [user.id, day(at)],
        )
      ).rows.map((row) => row.hash);
    const [first, second] = [await hashes(DAY_ONE), await hashes(DAY_ONE + DAY_MS)];
    expect([first.length, second.length]).toEqual([3, 3]);
    // The same visitors, other hashes: the days cannot be linked.
    expect(first.filter((hash) => second.includes(hash))).toEqual([]);
    const salts = async () =>
      (
        await db.query<{ day: string }>(
          "select to_char(day, 'YYYY-MM-DD') as day from analytics_salts where day between $1 and $2 order by day",
          [day(DAY_ONE), day(DAY_ONE + 2 * DAY_MS)],
        )
      ).rows.map((row) => row.day);
    expect(await salts()).toEqual([day(DAY_ONE), day(DAY_ONE + DAY_MS)]);

    // The clean-up two days later: both salts are destroyed, the first day's hashes deleted, yesterday's kept.
    now = DAY_ONE + 2 * DAY_MS;
    await worker.get(AnalyticsCleanUpProcessor).process();
    expect(await salts()).toEqual([]);
    expect(await hashes(DAY_ONE)).toEqual([]);
    expect((await hashes(DAY_ONE + DAY_MS)).sort()).toEqual([...second].sort());
    // The counts stay.
    expect((await daily(user.id)).map((row) => row.unique_visitors)).toEqual([3, 3]);
  });

  it('tells the country from the visitor’s address, IPv4 and IPv6, and unknown for a private one', async () => {
    const { user } = await creator();
    now = DAY_ONE;
    for (const visitor of VISITORS)
      await from(visitor, request(app.getHttpServer()).get(`/${user.username}`)).expect(200);
    await from(VISITORS[0], request(app.getHttpServer()).get(`/${user.username}`)).expect(200);

    expect(await breakdown(user.id, 'country')).toEqual([
      { key: 'NL', views: 3, unique_visitors: 2, clicks: 0 },
      { key: 'unknown', views: 1, unique_visitors: 1, clicks: 0 },
    ]);
    expect(await breakdown(user.id, 'device')).toEqual([
      { key: 'desktop', views: 1, unique_visitors: 1, clicks: 0 },
      { key: 'mobile', views: 2, unique_visitors: 1, clicks: 0 },
      { key: 'tablet', views: 1, unique_visitors: 1, clicks: 0 },
    ]);
  });

  it('records the campaign and referrer with the view and carries the source through /go and the click call', async () => {
    const { user, link } = await creator();
    const server = app.getHttpServer();
    now = DAY_ONE;
    const [ripe, ipv6, office] = VISITORS;
    await from(
      ripe,
      request(server).get(`/${user.username}?utm_source=newsletter&utm_medium=email&utm_campaign=spring`),
    )
      .set('Referer', 'https://mail.example.org/inbox')
      .expect(200);
    await from(ipv6, request(server).get(`/${user.username}`))
      .set('Referer', 'https://news.example.com/item?id=1')
      .expect(200);
    // A referrer on the product's own pages is no source of the visit.
    const own = await from(office, request(server).get(`/${user.username}`)).set(
      'Referer',
      'http://127.0.0.1/elsewhere',
    );
    expect(own.status).toBe(200);

    // The bio page's links carry the visit's source to /go; the click call reads it from the bio page's address.
    await from(
      ripe,
      request(server).get(`/go/${link.id}?utm_source=newsletter&utm_medium=email&utm_campaign=spring`),
    ).expect(302);
    const host = 'bio.example:8080';
    await from(ipv6, request(server).post(`/api/links/${link.id}/click`))
      .set('Host', host)
      .set('Referer', `http://${host}/${user.username}?utm_source=instagram&utm_campaign=launch`)
      .expect(200);
    await from(ipv6, request(server).post(`/api/links/${link.id}/click`))
      .set('Host', host)
      .set('Referer', `http://${host}/${user.username}?utm_source=instagram&utm_campaign=launch`)
      .expect(200);

    expect(await breakdown(user.id, 'source')).toEqual([
      { key: '', views: 1, unique_visitors: 1, clicks: 0 },
      { key: 'instagram', views: 0, unique_visitors: 0, clicks: 2 },
      { key: 'news.example.com', views: 1, unique_visitors: 1, clicks: 0 },
      { key: 'newsletter', views: 1, unique_visitors: 1, clicks: 1 },
    ]);
    expect(await breakdown(user.id, 'medium')).toEqual([
      { key: '', views: 2, unique_visitors: 2, clicks: 2 },
      { key: 'email', views: 1, unique_visitors: 1, clicks: 1 },
    ]);
    expect(await breakdown(user.id, 'campaign')).toEqual([
      { key: '', views: 2, unique_visitors: 2, clicks: 0 },
      { key: 'launch', views: 0, unique_visitors: 0, clicks: 2 },
      { key: 'spring', views: 1, unique_visitors: 1, clicks: 1 },
    ]);
    expect((await breakdown(user.id, 'referrer')).filter((row) => row.views > 0)).toEqual([
      { key: '127.0.0.1', views: 1, unique_visitors: 1, clicks: 0 },
      { key: 'mail.example.org', views: 1, unique_visitors: 1, clicks: 0 },
      { key: 'news.example.com', views: 1, unique_visitors: 1, clicks: 0 },
    ]);
    // Three clicks by two visitors: the link's unique clickers.
    expect(await breakdown(user.id, 'link')).toEqual([{ key: link.id, views: 0, unique_visitors: 2, clicks: 3 }]);
    expect(await daily(user.id)).toEqual([{ day: day(DAY_ONE), views: 3, clicks: 3, unique_visitors: 3 }]);
  });

  it('counts no bot, no HEAD request and none of the owner’s own visits', async () => {
    const { owner, user, link } = await creator();
    const server = app.getHttpServer();
    now = DAY_ONE;
    const bot = {
      address: '193.0.0.2',
      agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    };
    await from(bot, request(server).get(`/${user.username}`)).expect(200);
    await from(bot, request(server).get(`/go/${link.id}`)).expect(302);
    await from(VISITORS[0], request(server).head(`/${user.username}`)).expect(200);
    await from(VISITORS[0], request(server).head(`/go/${link.id}`)).expect(302);
    await owner.get(`/${user.username}`).set('User-Agent', VISITORS[1].agent).expect(200);
    await from(VISITORS[2], request(server).get(`/${user.username}`)).expect(200);

    expect(await daily(user.id)).toEqual([{ day: day(DAY_ONE), views: 1, clicks: 0, unique_visitors: 1 }]);
    const { rows } = await db.query<{ visitors: number }>(
      'select count(*)::int as visitors from analytics_visitors where owner_id = $1',
      [user.id],
    );
    // One visitor: the page as a whole and each of its six breakdowns.
    expect(rows[0]?.visitors).toBe(7);
  });

  it('writes no address, salt or visitor hash in any log line nor in the data export', async () => {
    const { owner, user, link } = await creator();
    now = DAY_ONE;
    for (const visitor of VISITORS) {
      await from(visitor, request(app.getHttpServer()).get(`/${user.username}?utm_source=x`)).expect(200);
      await from(visitor, request(app.getHttpServer()).get(`/go/${link.id}`)).expect(302);
    }
    await analyticsSettled(app);
    const exported = JSON.stringify((await owner.get('/api/users/me/export').expect(200)).body);

    const hashes = (
      await db.query<{ hash: string }>('select distinct hash::text from analytics_visitors where owner_id = $1', [
        user.id,
      ])
    ).rows.map((row) => row.hash);
    // The salt these visits were hashed with (the API process keeps it for the day).
    const salt = await app.get(VisitorSalts).saltOf(day(now));
    const salts = [salt.toString('hex'), salt.toString('base64')];
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    for (const secret of [...VISITORS.map((visitor) => visitor.address), ...hashes, ...salts]) {
      expect(capture.text).not.toContain(secret);
      expect(exported).not.toContain(secret);
    }
    // The log did see these requests.
    expect(capture.text).toContain(`/go/${link.id}`);
  });
});
