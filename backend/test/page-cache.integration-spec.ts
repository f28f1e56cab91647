import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import type { AnalyticsView, LinkView } from '@linkbio/shared-contracts';
import { analyticsSettled, Database, signedInCreator, startApp, startWorker } from './support/harness.js';

/*
 * The public pages' cache, across two API instances (each keeps its own cache, as two API processes do), on
 * real PostgreSQL and Redis: every kind of change made through one instance, or straight in the database (as
 * the worker and operators write), shows on the very next request to the other; ETag and 304; HEAD counts
 * nothing; a burst of concurrent views and clicks is counted exactly.
 */

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the public pages cache across two API instances', () => {
  let writer: INestApplication;
  let reader: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;

  beforeAll(async () => {
    [writer, reader] = await Promise.all([startApp(), startApp()]);
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await worker.close();
    await Promise.all([writer.close(), reader.close()]);
  });

  // One Host for every request: supertest listens on a new port each time, and the page's canonical URL carries it.
  const page = (username: string, headers: Record<string, string> = {}) =>
    request(reader.getHttpServer()).get(`/${username}`).set('Host', 'linkbio.test').set('User-Agent', BROWSER).set(headers);
  const titles = (html: string) => [...html.matchAll(/<span class="title">([^<]*)<\/span>/g)].map((m) => m[1]);
  const profileTitles = async (username: string) =>
    ((await request(reader.getHttpServer()).get(`/api/users/${username}`).expect(200)).body as { links: Array<{ title: string }> }).links.map(
      (link) => link.title,
    );

  /** A creator with links in this list order (a new link goes first), their page already read (and kept) by the reader. */
  const creatorWithPage = async (linkTitles: string[]) => {
    const creator = await signedInCreator(writer);
    const links: LinkView[] = [];
    for (const title of [...linkTitles].reverse()) {
      links.unshift((await creator.client.post('/api/links').send({ title, url: `https://example.com/${title}` }).expect(201)).body as LinkView);
    }
    const username = creator.user.username;
    expect(titles((await page(username).expect(200)).text)).toEqual(linkTitles);
    expect(await profileTitles(username)).toEqual(linkTitles);
    for (const link of links) await request(reader.getHttpServer()).head(`/go/${link.id}`).expect(302);
    return { ...creator, username, links };
  };

  const go = (linkId: string) => request(reader.getHttpServer()).get(`/go/${linkId}`).set('User-Agent', BROWSER).redirects(0);

  it('shows a link added, edited, switched off and on, reordered and deleted on the very next request', async () => {
    const { client, username, links } = await creatorWithPage(['one', 'two']);

    const added = (await client.post('/api/links').send({ title: 'three', url: 'https://example.com/3' }).expect(201)).body as LinkView;
    expect(titles((await page(username).expect(200)).text)).toEqual(['three', 'one', 'two']);

    await client.put(`/api/links/${links[0]!.id}`).send({ title: 'first', url: 'https://example.com/first' }).expect(200);
    expect(titles((await page(username).expect(200)).text)).toEqual(['three', 'first', 'two']);
    expect(await profileTitles(username)).toEqual(['three', 'first', 'two']);
    expect((await go(links[0]!.id).expect(302)).headers.location).toBe('https://example.com/first');

    await client.put(`/api/links/${links[1]!.id}`).send({ isActive: false }).expect(200);
    expect(titles((await page(username).expect(200)).text)).toEqual(['three', 'first']);
    await go(links[1]!.id).expect(404);
    await request(reader.getHttpServer()).post(`/api/links/${links[1]!.id}/click`).send({}).expect(404);

    await client.put(`/api/links/${links[1]!.id}`).send({ isActive: true }).expect(200);
    expect(titles((await page(username).expect(200)).text)).toEqual(['three', 'first', 'two']);
    await go(links[1]!.id).expect(302);

    await client.put('/api/links/order').send({ ids: [links[1]!.id, links[0]!.id, added.id] }).expect(200);
    expect(titles((await page(username).expect(200)).text)).toEqual(['two', 'first', 'three']);
    expect(await profileTitles(username)).toEqual(['two', 'first', 'three']);

    await client.delete(`/api/links/${added.id}`).expect(200);
    expect(titles((await page(username).expect(200)).text)).toEqual(['two', 'first']);
    await go(added.id).expect(404);
  });

  it('shows settings, the look, the avatar, the background and the plan on the very next request', async () => {
    const { client, user, username } = await creatorWithPage(['one']);

    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25.00' }).expect(200);
    expect((await page(username).expect(200)).text).toContain('Book a Session - $25.00');

    await client.put('/api/users/template').send({ theme: 'dark' }).expect(200);
    expect((await page(username).expect(200)).text).toContain('t-dark');

    // Written by other processes (the upload flow's checks, the worker's billing sweep, an operator): the page
    // version moves with the row, whoever writes it.
    await db.query('update users set avatar = $2 where id = $1', [user.id, 'https://images.example.com/me.png']);
    expect((await page(username).expect(200)).text).toContain('https://images.example.com/me.png');
    await db.query('update users set background_image = $2, background_color = null where id = $1', [user.id, 'https://images.example.com/bg.jpg']);
    await client.put('/api/users/template').send({ theme: 'default' }).expect(200);
    expect((await page(username).expect(200)).text).toContain('https://images.example.com/bg.jpg');

    expect((await page(username).expect(200)).text).toContain('Made with');
    await db.makePremium(user.id);
    expect((await page(username).expect(200)).text).not.toContain('Made with');
    await db.makePremium(user.id, false);
    expect((await page(username).expect(200)).text).toContain('Made with');
  });

  it("opens and closes a scheduled link's window on time, with no write in between", async () => {
    const { client, user, username } = await creatorWithPage(['always']);
    await db.makePremium(user.id);
    const opens = new Date(Date.now() + 1500);
    const closes = new Date(opens.getTime() + 1500);
    const sale = (await client
      .post('/api/links')
      .send({ title: 'sale', url: 'https://example.com/sale' })
      .expect(201)).body as LinkView;
    await client.put(`/api/links/${sale.id}`).send({ startsAt: opens.toISOString(), endsAt: closes.toISOString() }).expect(200);

    expect(titles((await page(username).expect(200)).text)).toEqual(['always']);
    await go(sale.id).expect(404);
    await sleep(Math.max(0, opens.getTime() - Date.now()) + 50);
    expect(titles((await page(username).expect(200)).text)).toEqual(['sale', 'always']);
    await go(sale.id).expect(302);
    await sleep(Math.max(0, closes.getTime() - Date.now()) + 50);
    expect(titles((await page(username).expect(200)).text)).toEqual(['always']);
    await go(sale.id).expect(404);
  });

  it('answers a page nobody has any more with 404 on the next request', async () => {
    const { user, username } = await creatorWithPage(['one']);

    await db.query('delete from users where id = $1', [user.id]);

    await page(username).expect(404);
    await request(reader.getHttpServer()).get(`/api/users/${username}`).expect(404);
  });

  it('answers 304 to a conditional GET while the page is unchanged, and the new page once it changed', async () => {
    const { client, username, links } = await creatorWithPage(['one']);

    const first = await page(username, { 'Accept-Encoding': 'gzip' }).expect(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");

    const again = await page(username, { 'If-None-Match': etag }).expect(304);
    expect(again.text ?? '').toBe('');
    await page(username, { 'If-None-Match': `W/${etag}` }).expect(304);

    await client.put(`/api/links/${links[0]!.id}`).send({ title: 'renamed' }).expect(200);
    const changed = await page(username, { 'If-None-Match': etag }).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(titles(changed.text)).toEqual(['renamed']);
  });

  it('counts nothing for HEAD requests, and a 304 as the visit it is', async () => {
    const { client, username, links } = await creatorWithPage(['one']);
    await analyticsSettled(worker);
    const before = (await client.get('/api/analytics').expect(200)).body as AnalyticsView;

    for (const path of [`/${username}`, `/go/${links[0]!.id}`, `/api/users/${username}`]) {
      await request(reader.getHttpServer()).head(path).set('User-Agent', BROWSER).expect((r) => expect([200, 302]).toContain(r.status));
    }
    const etag = String((await page(username).expect(200)).headers.etag);
    await page(username, { 'If-None-Match': etag }).expect(304);
    await analyticsSettled(worker);

    const after = (await client.get('/api/analytics').expect(200)).body as AnalyticsView;
    expect(after.totalViews - before.totalViews).toBe(2);
    expect(after.totalClicks - before.totalClicks).toBe(0);
  });

  it('counts a burst of concurrent views and clicks through both instances exactly', async () => {
    const { client, username, links } = await creatorWithPage(['one', 'two']);
    await analyticsSettled(worker);
    const before = (await client.get('/api/analytics').expect(200)).body as AnalyticsView;
    const servers = [writer.getHttpServer(), reader.getHttpServer()];
    const VIEWS = 300;
    const CLICKS = 300;

    const statuses = await Promise.all([
      ...Array.from({ length: VIEWS }, (_, i) =>
        request(servers[i % 2]).get(i % 3 === 0 ? `/api/users/${username}` : `/${username}`).set('User-Agent', BROWSER).then((r) => r.status),
      ),
      ...Array.from({ length: CLICKS }, (_, i) =>
        (i % 2 === 0
          ? request(servers[i % 2]).get(`/go/${links[i % 2]!.id}`).set('User-Agent', BROWSER).redirects(0)
          : request(servers[i % 2]).post(`/api/links/${links[i % 2]!.id}/click`).set('User-Agent', BROWSER).send({})
        ).then((r) => r.status),
      ),
    ]);
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    await analyticsSettled(worker, 30_000);

    const after = (await client.get('/api/analytics').expect(200)).body as AnalyticsView;
    expect(after.totalViews - before.totalViews).toBe(VIEWS);
    expect(after.totalClicks - before.totalClicks).toBe(CLICKS);
    const listed = (await client.get('/api/links').expect(200)).body as LinkView[];
    expect(listed.map((link) => link.clicks).reduce((a, b) => a + b, 0)).toBe(CLICKS);
  }, 60_000);
});

