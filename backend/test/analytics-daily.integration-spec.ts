import type { INestApplication } from '@nestjs/common';
import { AnalyticsMessages, Messages, type DailyAnalyticsView, type LinkView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * GET /api/analytics/daily over HTTP, on real PostgreSQL and Redis. The rollups the worker fills are arranged
 * here with SQL, for this file's own creators only (other specs share the run's database).
 *
 * The range of N days ends today (UTC) and starts N − 1 days before, both included: with days=30 a row dated
 * 29 days ago is in, a row dated 30 days ago is not (it is in days=90), and a row dated tomorrow never is.
 */

const DAY_MS = 24 * 3600 * 1000;
const ANSWER_KEYS = ['days', 'devices', 'from', 'links', 'referrers', 'series', 'to', 'totals'];

describe('daily analytics over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let today: number;

  /** 'YYYY-MM-DD' of `offset` days from today (UTC): 0 is today, -1 yesterday. */
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);

  beforeAll(async () => {
    // "Today" is read here and by the API: never straddle midnight UTC between the two.
    const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
    if (untilMidnight < 15_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 100));
    const now = new Date();
    today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
  });

  async function premiumCreator() {
    const creator = await signedInCreator(app);
    await db.makePremium(creator.user.id);
    return creator;
  }

  async function addLink(client: Agent, title: string): Promise<LinkView> {
    const response = await client
      .post('/api/links')
      .send({ title, url: `https://example.com/${encodeURIComponent(title)}`, order: 0 })
      .expect(201);
    return response.body as LinkView;
  }

  const pageDay = (ownerId: string, offset: number, views: number, clicks: number) =>
    db.query('insert into analytics_daily (owner_id, day, views, clicks) values ($1, $2, $3, $4)', [
      ownerId,
      day(offset),
      views,
      clicks,
    ]);
  const linkDay = async (ownerId: string, linkId: string, offset: number, clicks: number) => {
    await db.query(
      "insert into analytics_breakdown_daily (owner_id, dimension, day, key, clicks) values ($1, 'link', $2, $3, $4)",
      [ownerId, day(offset), linkId, clicks],
    );
    await db.query(
      `insert into analytics_link_totals (link_id, owner_id, clicks) values ($1, $2, $3)
       on conflict (link_id) do update set clicks = analytics_link_totals.clicks + excluded.clicks`,
      [linkId, ownerId, clicks],
    );
  };
  const referrerDay = (ownerId: string, offset: number, host: string, views: number) =>
    db.query(
      "insert into analytics_breakdown_daily (owner_id, dimension, day, key, views) values ($1, 'referrer', $2, $3, $4)",
      [ownerId, day(offset), host, views],
    );
  const deviceDay = (ownerId: string, offset: number, device: string, views: number) =>
    db.query(
      "insert into analytics_breakdown_daily (owner_id, dimension, day, key, views) values ($1, 'device', $2, $3, $4)",
      [ownerId, day(offset), device, views],
    );

  async function daily(client: Agent, query = ''): Promise<DailyAnalyticsView> {
    const response = await client.get(`/api/analytics/daily${query}`).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(ANSWER_KEYS);
    return response.body as DailyAnalyticsView;
  }

  const dated = (answer: DailyAnalyticsView) => answer.series.filter((point) => point.views > 0 || point.clicks > 0);

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await agent(app).get('/api/analytics/daily?days=7').expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
  });

  it.each([
    ['without days', ''],
    ['with days=30', '?days=30'],
  ])('answers 403 naming Premium to a free creator asking %s, whatever their data', async (_name, query) => {
    const { client, user } = await signedInCreator(app);
    await pageDay(user.id, 0, 5, 1);

    const response = await client.get(`/api/analytics/daily${query}`).expect(403);

    expect(response.body).toEqual({ statusCode: 403, message: AnalyticsMessages.premiumOnly });
    expect(response.body.message).toMatch(/Premium/);
  });

  it('answers a creator whose Premium ended with 403 again', async () => {
    const { client, user } = await premiumCreator();
    await daily(client, '?days=7');
    await db.makePremium(user.id, false);

    const response = await client.get('/api/analytics/daily?days=7').expect(403);
    expect(response.body.message).toBe(AnalyticsMessages.premiumOnly);
  });

  it.each([
    ['0', '?days=0'],
    ['-1', '?days=-1'],
    ['abc', '?days=abc'],
    ['31', '?days=31'],
    ['7.5', '?days=7.5'],
    ['07', '?days=07'],
    ['an empty value', '?days='],
    ['two values', '?days=7&days=30'],
    ['the same value twice', '?days=7&days=7'],
  ])('answers 400 with the message for days %s', async (_name, query) => {
    const { client } = await premiumCreator();

    const response = await client.get(`/api/analytics/daily${query}`).expect(400);

    expect(response.body).toEqual({ statusCode: 400, message: AnalyticsMessages.invalidRange });
  });

  it('answers every day of the range with zeros before anyone visits, 30 days when none is named', async () => {
    const { client } = await premiumCreator();

    const answer = await daily(client);

    expect(answer).toMatchObject({ days: 30, from: day(-29), to: day(0), links: [], referrers: [] });
    expect(answer.series).toEqual(
      Array.from({ length: 30 }, (_, index) => ({ date: day(index - 29), views: 0, clicks: 0, clickRate: 0 })),
    );
    expect(answer.devices).toEqual([
      { device: 'mobile', views: 0 },
      { device: 'tablet', views: 0 },
      { device: 'desktop', views: 0 },
    ]);
    expect(answer.totals).toEqual({ views: 0, clicks: 0, clickRate: 0 });
  });

  it.each([7, 30, 90] as const)('answers days=%d as that many days, oldest first, ending today', async (days) => {
    const { client } = await premiumCreator();

    const answer = await daily(client, `?days=${days}`);

    expect(answer).toMatchObject({ days, from: day(1 - days), to: day(0) });
    expect(answer.series.map((point) => point.date)).toEqual(
      Array.from({ length: days }, (_, index) => day(index + 1 - days)),
    );
  });

  it('fills the days between visits with zeros and totals the range with its click rate', async () => {
    const { client, user } = await premiumCreator();
    await pageDay(user.id, -3, 8, 1);
    await pageDay(user.id, -1, 3, 2);
    await pageDay(user.id, 0, 0, 4);

    const answer = await daily(client, '?days=7');

    expect(answer.series).toHaveLength(7);
    expect(answer.series.slice(3)).toEqual([
      { date: day(-3), views: 8, clicks: 1, clickRate: 12.5 },
      { date: day(-2), views: 0, clicks: 0, clickRate: 0 },
      { date: day(-1), views: 3, clicks: 2, clickRate: 66.7 },
      { date: day(0), views: 0, clicks: 4, clickRate: 0 },
    ]);
    expect(answer.totals).toEqual({ views: 11, clicks: 7, clickRate: 63.6 });
  });

  it('counts a day at the start of the range and leaves out the day before it and tomorrow', async () => {
    const { client, user } = await premiumCreator();
    const link = await addLink(client, 'Shop');
    for (const offset of [1, -6, -7, -29, -30, -89, -90]) {
      await pageDay(user.id, offset, 10, 1);
      await linkDay(user.id, link.id, offset, 1);
      await referrerDay(user.id, offset, 'instagram.com', 10);
      await deviceDay(user.id, offset, 'mobile', 10);
    }

    const week = await daily(client, '?days=7');
    const month = await daily(client, '?days=30');
    const quarter = await daily(client, '?days=90');

    expect(dated(week).map((point) => point.date)).toEqual([day(-6)]);
    expect(dated(month).map((point) => point.date)).toEqual([day(-29), day(-7), day(-6)]);
    expect(dated(quarter).map((point) => point.date)).toEqual([day(-89), day(-30), day(-29), day(-7), day(-6)]);
    expect([week, month, quarter].map((answer) => answer.totals.views)).toEqual([10, 30, 50]);
    expect([week, month, quarter].map((answer) => answer.links)).toEqual([
      [{ id: link.id, title: 'Shop', clicks: 1 }],
      [{ id: link.id, title: 'Shop', clicks: 3 }],
      [{ id: link.id, title: 'Shop', clicks: 5 }],
    ]);
    expect([week, month, quarter].map((answer) => answer.referrers)).toEqual([
      [{ host: 'instagram.com', views: 10 }],
      [{ host: 'instagram.com', views: 30 }],
      [{ host: 'instagram.com', views: 50 }],
    ]);
    expect([week, month, quarter].map((answer) => answer.devices[0])).toEqual([
      { device: 'mobile', views: 10 },
      { device: 'mobile', views: 30 },
      { device: 'mobile', views: 50 },
    ]);
  });

  it('lists every current link with its clicks in the range, most clicked first', async () => {
    const { client, user } = await premiumCreator();
    const shop = await addLink(client, 'Shop');
    const blog = await addLink(client, 'Blog');
    const quiet = await addLink(client, 'Quiet');
    await linkDay(user.id, shop.id, -2, 3);
    await linkDay(user.id, blog.id, -2, 4);
    await linkDay(user.id, blog.id, 0, 2);
    await linkDay(user.id, shop.id, -40, 50); // outside the week

    const answer = await daily(client, '?days=7');

    expect(answer.links).toEqual([
      { id: blog.id, title: 'Blog', clicks: 6 },
      { id: shop.id, title: 'Shop', clicks: 3 },
      { id: quiet.id, title: 'Quiet', clicks: 0 },
    ]);
  });

  it('leaves out a deleted link but keeps the page’s own counts of its days', async () => {
    const { client, user } = await premiumCreator();
    const kept = await addLink(client, 'Kept');
    const gone = await addLink(client, 'Gone');
    await pageDay(user.id, -1, 10, 7);
    await linkDay(user.id, kept.id, -1, 2);
    await linkDay(user.id, gone.id, -1, 5);

    await client.delete(`/api/links/${gone.id}`).expect(200);
    const answer = await daily(client, '?days=7');

    expect(answer.links).toEqual([{ id: kept.id, title: 'Kept', clicks: 2 }]);
    expect(answer.totals).toEqual({ views: 10, clicks: 7, clickRate: 70 });
  });

  it('lists the ten hosts that referred the most views, and views per device', async () => {
    const { client, user } = await premiumCreator();
    for (let index = 0; index < 12; index += 1) {
      await referrerDay(user.id, -1, `site${String(index).padStart(2, '0')}.example`, (index % 4) + 1);
    }
    await referrerDay(user.id, -1, 'instagram.com', 2);
    await referrerDay(user.id, 0, 'instagram.com', 4);
    await deviceDay(user.id, -1, 'desktop', 3);
    await deviceDay(user.id, 0, 'desktop', 1);
    await deviceDay(user.id, 0, 'mobile', 9);

    const answer = await daily(client, '?days=7');

    expect(answer.referrers).toEqual([
      { host: 'instagram.com', views: 6 },
      { host: 'site03.example', views: 4 },
      { host: 'site07.example', views: 4 },
      { host: 'site11.example', views: 4 },
      { host: 'site02.example', views: 3 },
      { host: 'site06.example', views: 3 },
      { host: 'site10.example', views: 3 },
      { host: 'site01.example', views: 2 },
      { host: 'site05.example', views: 2 },
      { host: 'site09.example', views: 2 },
    ]);
    expect(answer.devices).toEqual([
      { device: 'mobile', views: 9 },
      { device: 'tablet', views: 0 },
      { device: 'desktop', views: 4 },
    ]);
  });

  it('never includes another creator’s views, clicks, links, referrers or devices', async () => {
    const alice = await premiumCreator();
    const bob = await premiumCreator();
    const bobsLink = await addLink(bob.client, 'Bob’s shop');
    await pageDay(bob.user.id, 0, 40, 20);
    await linkDay(bob.user.id, bobsLink.id, 0, 20);
    await referrerDay(bob.user.id, 0, 'bob.example', 40);
    await deviceDay(bob.user.id, 0, 'tablet', 40);
    await pageDay(alice.user.id, 0, 2, 1);

    const answer = await daily(alice.client, '?days=90');

    expect(dated(answer)).toEqual([{ date: day(0), views: 2, clicks: 1, clickRate: 50 }]);
    expect(answer.totals).toEqual({ views: 2, clicks: 1, clickRate: 50 });
    expect(answer.links).toEqual([]);
    expect(answer.referrers).toEqual([]);
    expect(answer.devices.map((device) => device.views)).toEqual([0, 0, 0]);
    expect((await daily(bob.client, '?days=7')).totals).toEqual({ views: 40, clicks: 20, clickRate: 50 });
  });
});
