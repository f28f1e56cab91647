import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { FREE_PLAN_LINK_LIMIT, Messages, type AnalyticsView, type LinkView } from '@linkbio/shared-contracts';
import { agent, analyticsSettled, Database, ownDatabase, signedInCreator, startApp, startWorker, type Agent } from './support/harness.js';

/*
 * Links, clicks and analytics over HTTP, on real PostgreSQL and Redis.
 *
 * Many tests here prove "nothing changed" with Database.fingerprint(), which digests whole tables. Specs in
 * other Jest workers write the run's shared database at the same time, so this file runs on a database of
 * its own (made next to the run's one and migrated the same way) and drops it at the end.
 */

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const GOOGLEBOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const FACEBOOK_PREVIEW = 'facebookexternalhit/1.1';
const LINK_VIEW_KEYS = ['clicks', 'createdAt', 'endsAt', 'id', 'isActive', 'kind', 'order', 'startsAt', 'thumbnail', 'title', 'url'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('links over HTTP', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    // Its own database: some checks here fingerprint whole tables.
    const own = await ownDatabase('links');
    process.env.TEST_DATABASE_URL = own.url;
    dropDatabase = own.drop;
    app = await startApp();
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await worker?.close();
    await app?.close();
    await dropDatabase?.();
  });

  const creator = async () => (await signedInCreator(app)).client;
  const creatorWithUser = (overrides = {}) => signedInCreator(app, overrides);
  const visitor = (userAgent = BROWSER) => agent(app).set('User-Agent', userAgent);

  async function addLink(client: Agent, body: Record<string, unknown> = {}): Promise<LinkView> {
    const response = await client
      .post('/api/links')
      .send({ title: 'My Instagram', url: 'https://instagram.com/someone', order: 0, ...body })
      .expect(201);
    return response.body as LinkView;
  }

  /** Creates links one after another, a few milliseconds apart so "newest" is well defined. */
  async function addLinks(client: Agent, titles: string[], order = 0): Promise<LinkView[]> {
    const links: LinkView[] = [];
    for (const title of titles) {
      links.push(await addLink(client, { title, url: `https://example.com/${encodeURIComponent(title)}`, order }));
      await sleep(5);
    }
    return links;
  }

  /** The list with click counts once every click so far is counted. */
  async function list(client: Agent): Promise<LinkView[]> {
    await analyticsSettled(app);
    const response = await client.get('/api/links').expect(200);
    expect(Array.isArray(response.body)).toBe(true);
    return response.body as LinkView[];
  }

  const titles = async (client: Agent) => (await list(client)).map((link) => link.title);

  /** The analytics once every view and click so far is counted. */
  async function analytics(client: Agent): Promise<AnalyticsView> {
    await analyticsSettled(app);
    const response = await client.get('/api/analytics').expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['activeLinks', 'clickRate', 'totalClicks', 'totalViews']);
    return response.body as AnalyticsView;
  }

  describe('creating, listing, changing and deleting', () => {
    it('creates a link and answers its full view, which the list then shows', async () => {
      const client = await creator();
      const before = Date.now();
      const response = await client
        .post('/api/links')
        .send({ title: '  My Instagram  ', url: '  https://instagram.com/someone  ', order: 0 })
        .expect(201);
      const after = Date.now();
      const link = response.body as LinkView;
      expect(Object.keys(link).sort()).toEqual(LINK_VIEW_KEYS);
      expect(link).toMatchObject({ title: 'My Instagram', url: 'https://instagram.com/someone', clicks: 0, isActive: true, order: 0 });
      expect(link.id).toMatch(UUID);
      const createdAt = Date.parse(link.createdAt);
      expect(new Date(createdAt).toISOString()).toBe(link.createdAt);
      expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
      expect(createdAt).toBeLessThanOrEqual(after + 1000);

      expect(await list(client)).toEqual([link]);
    });

    it('creates a link without an order at position 0, and keeps an order it is given', async () => {
      const client = await creator();
      const plain = await client.post('/api/links').send({ title: 'Plain', url: 'http://example.com' }).expect(201);
      expect(plain.body.order).toBe(0);
      const placed = await client.post('/api/links').send({ title: 'Placed', url: 'https://example.com/p', order: 7 }).expect(201);
      expect(placed.body.order).toBe(7);
      expect((await list(client)).map((l) => [l.title, l.order])).toEqual([
        ['Plain', 0],
        ['Placed', 7],
      ]);
    });

    it('lists by order ascending, ties newest first, so a new link with order 0 appears on top', async () => {
      const client = await creator();
      await addLinks(client, ['first', 'second']);
      expect(await titles(client)).toEqual(['second', 'first']);
      await addLink(client, { title: 'later', url: 'https://example.com/later', order: 1 });
      await sleep(5);
      await addLink(client, { title: 'newest', url: 'https://example.com/newest', order: 0 });
      expect(await titles(client)).toEqual(['newest', 'second', 'first', 'later']);
    });

    it('switches a link off and on, answering the whole link each time', async () => {
      const client = await creator();
      const link = await addLink(client);
      const off = await client.put(`/api/links/${link.id}`).send({ isActive: false }).expect(200);
      expect(off.body).toEqual({ ...link, isActive: false });
      expect((await list(client))[0]).toEqual({ ...link, isActive: false });
      const on = await client.put(`/api/links/${link.id}`).send({ isActive: true }).expect(200);
      expect(on.body).toEqual(link);
    });

    it('moves one link with a per-link {order} update', async () => {
      const client = await creator();
      const [a, b, c] = await addLinks(client, ['a', 'b', 'c']);
      expect(await titles(client)).toEqual(['c', 'b', 'a']);
      const moved = await client.put(`/api/links/${c!.id}`).send({ order: 5 }).expect(200);
      expect(moved.body).toEqual({ ...c, order: 5 });
      expect(await titles(client)).toEqual(['b', 'a', 'c']);
      // What the dashboard does after a drag: every link whose order differs from its new index.
      await client.put(`/api/links/${a!.id}`).send({ order: 0 }).expect(200);
      await client.put(`/api/links/${b!.id}`).send({ order: 1 }).expect(200);
      await client.put(`/api/links/${c!.id}`).send({ order: 2 }).expect(200);
      expect((await list(client)).map((l) => [l.title, l.order])).toEqual([
        ['a', 0],
        ['b', 1],
        ['c', 2],
      ]);
    });

    it('changes title and url, trimmed, and leaves the rest alone', async () => {
      const client = await creator();
      const link = await addLink(client, { order: 2 });
      const changed = await client.put(`/api/links/${link.id}`).send({ title: '  Shop  ', url: ' http://shop.example.org/a?b=c#d ' }).expect(200);
      expect(changed.body).toEqual({ ...link, title: 'Shop', url: 'http://shop.example.org/a?b=c#d' });
      expect(await list(client)).toEqual([changed.body]);
    });

    it('accepts an upper-case link id in the path', async () => {
      const client = await creator();
      const link = await addLink(client);
      const response = await client.put(`/api/links/${link.id.toUpperCase()}`).send({ isActive: false }).expect(200);
      expect(response.body.id).toBe(link.id);
    });

    it('deletes a link; deleting it again answers 404', async () => {
      const client = await creator();
      const [keep, gone] = await addLinks(client, ['keep', 'gone']);
      const response = await client.delete(`/api/links/${gone!.id}`).expect(200);
      expect(response.body).toEqual({ message: 'Link deleted' });
      expect(await list(client)).toEqual([keep]);
      const again = await client.delete(`/api/links/${gone!.id}`).expect(404);
      expect(again.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
      const change = await client.put(`/api/links/${gone!.id}`).send({ isActive: false }).expect(404);
      expect(change.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
    });
  });

  describe('reordering with PUT /api/links/order', () => {
    it('sets every link to its index in the given id order and answers the new list', async () => {
      const client = await creator();
      const [a, b, c, d] = await addLinks(client, ['a', 'b', 'c', 'd']);
      expect(await titles(client)).toEqual(['d', 'c', 'b', 'a']);
      const ids = [b!.id, d!.id, a!.id, c!.id];
      const response = await client.put('/api/links/order').send({ ids }).expect(200);
      const answered = response.body as LinkView[];
      expect(answered.map((l) => l.id)).toEqual(ids);
      expect(answered.map((l) => l.order)).toEqual([0, 1, 2, 3]);
      for (const link of answered) expect(Object.keys(link).sort()).toEqual(LINK_VIEW_KEYS);
      expect(await list(client)).toEqual(answered);
    });

    it('accepts upper-case ids and an empty order for a creator without links', async () => {
      const client = await creator();
      await client.put('/api/links/order').send({ ids: [] }).expect(200, []);
      const [a, b] = await addLinks(client, ['a', 'b']);
      const response = await client.put('/api/links/order').send({ ids: [a!.id.toUpperCase(), b!.id.toUpperCase()] }).expect(200);
      expect(response.body.map((l: LinkView) => l.id)).toEqual([a!.id, b!.id]);
    });

    it('refuses an order that leaves out, repeats or invents a link, changing nothing', async () => {
      const client = await creator();
      const [a, b, c] = await addLinks(client, ['a', 'b', 'c']);
      const bad = [
        [a!.id, b!.id],
        [a!.id, b!.id, c!.id, c!.id],
        [a!.id, b!.id, b!.id],
        [a!.id, b!.id, c!.id, randomUUID()],
        [a!.id, b!.id, randomUUID()],
        [a!.id, b!.id, c!.id.toUpperCase(), c!.id],
      ];
      for (const ids of bad) {
        const before = await db.fingerprint();
        const response = await client.put('/api/links/order').send({ ids }).expect(400);
        expect(response.body).toEqual({ statusCode: 400, message: Messages.orderIds });
        expect(await db.fingerprint()).toBe(before);
      }
      expect(await titles(client)).toEqual(['c', 'b', 'a']);
    });
  });

  describe('validation messages', () => {
    let client: Agent;
    let link: LinkView;

    beforeAll(async () => {
      client = await creator();
      link = await addLink(client);
    });

    it.each([
      [{ url: 'https://a.co' }, Messages.titleRequired],
      [{ title: '', url: 'https://a.co' }, Messages.titleRequired],
      [{ title: ' \t\n ', url: 'https://a.co' }, Messages.titleRequired],
      [{ title: 'x'.repeat(101), url: 'https://a.co' }, Messages.titleTooLong],
      [{ title: 'a' }, Messages.invalidUrl],
      [{ title: 'a', url: 'not a url' }, Messages.invalidUrl],
      [{ title: 'a', url: 'instagram.com/someone' }, Messages.invalidUrl],
      [{ title: 'a', url: 'https://a.co', order: -1 }, Messages.orderInteger],
      [{ title: 'a', url: 'https://a.co', order: 1.5 }, Messages.orderInteger],
    ])('POST /api/links %j answers 400 %j', async (body, message) => {
      const before = await db.fingerprint();
      const response = await client.post('/api/links').send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
      expect(await db.fingerprint()).toBe(before);
    });

    it.each([
      ['100 letters', 'x'.repeat(100)],
      ['100 emoji', '\u{1F600}'.repeat(100)],
      ['50 emoji with variation selectors (100 characters as stored)', '\u2764\uFE0F'.repeat(50)],
    ])('accepts a title of %s after trimming', async (_, title) => {
      const other = await creator();
      const response = await other.post('/api/links').send({ title: `  ${title}  `, url: 'https://a.co' }).expect(201);
      expect(response.body.title).toBe(title);
      expect((await list(other))[0]!.title).toBe(title);
    });

    it.each([
      [{}, Messages.nothingToUpdate],
      [{ title: '' }, Messages.titleRequired],
      [{ title: 'x'.repeat(101) }, Messages.titleTooLong],
      [{ url: 'ftp://a.co' }, Messages.invalidUrl],
      [{ isActive: 'false' }, Messages.isActiveBoolean],
      [{ isActive: 0 }, Messages.isActiveBoolean],
      [{ order: '2' }, Messages.orderInteger],
      [{ order: -3 }, Messages.orderInteger],
    ])('PUT /api/links/{id} %j answers 400 %j', async (body, message) => {
      const before = await db.fingerprint();
      const response = await client.put(`/api/links/${link.id}`).send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
      expect(await db.fingerprint()).toBe(before);
    });

    it.each([
      ['no ids', () => ({})],
      ['a non-UUID beside a real id', (id: string) => ({ ids: [id, 'nope'] })],
      ['a string for ids', () => ({ ids: 'abc' })],
    ])('PUT /api/links/order with %s answers 400 orderIds', async (_, body) => {
      const before = await db.fingerprint();
      const response = await client.put('/api/links/order').send(body(link.id)).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: Messages.orderIds });
      expect(await db.fingerprint()).toBe(before);
    });

    it('answers 404 "Link not found" for a link id that names no link', async () => {
      const before = await db.fingerprint();
      const update = await client.put(`/api/links/${randomUUID()}`).send({ isActive: false }).expect(404);
      expect(update.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
      const remove = await client.delete(`/api/links/${randomUUID()}`).expect(404);
      expect(remove.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
      expect(await db.fingerprint()).toBe(before);
    });
  });

  describe('the free-plan limit of five links', () => {
    it('answers the sixth link with 403 and stores nothing; inactive links count too', async () => {
      const client = await creator();
      const links = await addLinks(client, ['1', '2', '3', '4', '5']);
      await client.put(`/api/links/${links[0]!.id}`).send({ isActive: false }).expect(200);
      const before = await db.fingerprint();
      const response = await client.post('/api/links').send({ title: 'sixth', url: 'https://example.com/6', order: 0 }).expect(403);
      expect(response.body).toEqual({ statusCode: 403, message: Messages.freePlanLinkLimit });
      expect(await db.fingerprint()).toBe(before);
      expect(await list(client)).toHaveLength(FREE_PLAN_LINK_LIMIT);
    });

    it('lets a free creator add again once they are back under the limit', async () => {
      const client = await creator();
      const links = await addLinks(client, ['1', '2', '3', '4', '5']);
      await client.post('/api/links').send({ title: 'sixth', url: 'https://example.com/6' }).expect(403);
      await client.delete(`/api/links/${links[2]!.id}`).expect(200);
      await addLink(client, { title: 'replacement' });
      expect(await list(client)).toHaveLength(5);
      await client.post('/api/links').send({ title: 'sixth', url: 'https://example.com/6' }).expect(403);
    });

    it('lets a premium creator add a sixth link and more', async () => {
      const { client, user } = await creatorWithUser();
      await db.makePremium(user.id);
      await addLinks(client, ['1', '2', '3', '4', '5', '6', '7']);
      expect(await list(client)).toHaveLength(7);
    });

    it('keeps every link of a creator whose premium ended, but refuses new ones until under the limit', async () => {
      const { client, user } = await creatorWithUser();
      await db.makePremium(user.id);
      const links = await addLinks(client, ['1', '2', '3', '4', '5', '6', '7']);
      await db.makePremium(user.id, false);

      expect(await list(client)).toHaveLength(7);
      const before = await db.fingerprint();
      const refused = await client.post('/api/links').send({ title: 'eighth', url: 'https://example.com/8' }).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, message: Messages.freePlanLinkLimit });
      expect(await db.fingerprint()).toBe(before);

      // Links stay editable and can still be switched off, reordered and deleted.
      await client.put(`/api/links/${links[6]!.id}`).send({ isActive: false }).expect(200);
      await client.put('/api/links/order').send({ ids: links.map((l) => l.id) }).expect(200);
      await client.delete(`/api/links/${links[0]!.id}`).expect(200);
      await client.delete(`/api/links/${links[1]!.id}`).expect(200);
      await client.post('/api/links').send({ title: 'at five', url: 'https://example.com/5' }).expect(403);
      await client.delete(`/api/links/${links[2]!.id}`).expect(200);
      await addLink(client, { title: 'under the limit again' });
      expect(await list(client)).toHaveLength(5);
    });

    it('stores exactly five links when eight are created at the same moment', async () => {
      const client = await creator();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => client.post('/api/links').send({ title: `race ${i}`, url: `https://example.com/${i}`, order: 0 })),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 403, 403, 403]);
      for (const refused of responses.filter((r) => r.status === 403)) {
        expect(refused.body).toEqual({ statusCode: 403, message: Messages.freePlanLinkLimit });
      }
      const stored = await list(client);
      expect(stored).toHaveLength(5);
      expect(stored.map((l) => l.id).sort()).toEqual(
        responses
          .filter((r) => r.status === 201)
          .map((r) => r.body.id)
          .sort(),
      );
    });

    it('stores exactly five links when a creator with three fires eight more at once', async () => {
      const client = await creator();
      await addLinks(client, ['a', 'b', 'c']);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => client.post('/api/links').send({ title: `race ${i}`, url: `https://example.com/${i}` })),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(2);
      expect(responses.filter((r) => r.status === 403)).toHaveLength(6);
      expect(await list(client)).toHaveLength(5);
    });
  });

  describe('ownership', () => {
    let alice: Agent;
    let bob: Agent;
    let aliceLinks: LinkView[];
    let bobLinks: LinkView[];

    beforeAll(async () => {
      alice = await creator();
      bob = await creator();
      aliceLinks = await addLinks(alice, ['alice 1', 'alice 2']);
      bobLinks = await addLinks(bob, ['bob 1']);
    });

    it("does not show another creator's links in the list", async () => {
      const listed = await list(bob);
      expect(listed.map((l) => l.id)).toEqual(bobLinks.map((l) => l.id));
      expect(JSON.stringify(listed)).not.toContain('alice');
    });

    it.each([
      ['switch off', { isActive: false }],
      ['rename', { title: 'stolen' }],
      ['redirect', { url: 'https://evil.example.com' }],
      ['move', { order: 9 }],
    ])("answers 404 'Link not found' to PUT (%s) on another creator's link and changes nothing", async (_, body) => {
      const before = await db.fingerprint();
      const response = await bob.put(`/api/links/${aliceLinks[0]!.id}`).send(body).expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
      expect(await db.fingerprint()).toBe(before);
    });

    it("answers 404 'Link not found' to DELETE on another creator's link and changes nothing", async () => {
      const before = await db.fingerprint();
      const response = await bob.delete(`/api/links/${aliceLinks[0]!.id}`).expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
      expect(await db.fingerprint()).toBe(before);
      expect(await list(alice)).toHaveLength(2);
    });

    it.each([
      ["own ids plus another creator's", () => [bobLinks[0]!.id, aliceLinks[0]!.id]],
      ["another creator's ids only", () => aliceLinks.map((l) => l.id)],
      ["another creator's id in place of an own one", () => [aliceLinks[1]!.id]],
    ])('refuses a reorder with %s: 400, nothing changes', async (_, ids) => {
      const before = await db.fingerprint();
      const response = await bob.put('/api/links/order').send({ ids: ids() }).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: Messages.orderIds });
      expect(await db.fingerprint()).toBe(before);
    });

    it.each(['not-a-uuid', '123', `${randomUUID()}x`, `x${randomUUID()}`, randomUUID().replace(/-/g, ''), "1' or '1'='1", '%20', '..%2F..%2Fetc'])(
      'answers 404 to a malformed link id %j',
      async (id) => {
        const before = await db.fingerprint();
        for (const response of [
          await alice.put(`/api/links/${id}`).send({ isActive: false }),
          await alice.delete(`/api/links/${id}`),
          await visitor().post(`/api/links/${id}/click`),
        ]) {
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
        }
        expect(await db.fingerprint()).toBe(before);
      },
    );

    it.each([
      ['is not even valid percent-encoding', '%E0%A4%A', Messages.invalidCharacters],
      ['holds an encoded NUL', '%00', Messages.nulCharacter],
    ])('answers a link id that %s with a 400 JSON message', async (_case, id, message) => {
      const before = await db.fingerprint();
      for (const response of [
        await alice.put(`/api/links/${id}`).send({ isActive: false }),
        await alice.delete(`/api/links/${id}`),
        await visitor().post(`/api/links/${id}/click`),
      ]) {
        expect(response.status).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.body).toEqual({ statusCode: 400, message });
      }
      expect(await db.fingerprint()).toBe(before);
    });

    it('answers 401 to every signed-out call and changes nothing', async () => {
      const before = await db.fingerprint();
      const id = aliceLinks[0]!.id;
      const anonymous = visitor();
      const calls = [
        anonymous.get('/api/links'),
        anonymous.post('/api/links').send({ title: 'a', url: 'https://a.co' }),
        anonymous.post('/api/links').send({ title: '', url: 'javascript:alert(1)' }),
        anonymous.put(`/api/links/${id}`).send({ isActive: false }),
        anonymous.put('/api/links/not-a-uuid').send({ isActive: false }),
        anonymous.delete(`/api/links/${id}`),
        anonymous.put('/api/links/order').send({ ids: [id] }),
        anonymous.get('/api/analytics'),
      ];
      for (const call of calls) {
        const response = await call;
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
      }
      expect(await db.fingerprint()).toBe(before);
    });

    it('answers 401 after signing out', async () => {
      const client = await creator();
      await addLink(client);
      await client.post('/api/auth/logout').expect(200);
      await client.get('/api/links').expect(401);
      await client.post('/api/links').send({ title: 'a', url: 'https://a.co' }).expect(401);
    });
  });

  describe('clicks and analytics', () => {
    it('answers {url} for a click on an active link and counts it in the list and the analytics', async () => {
      const { client } = await creatorWithUser();
      const [a, b] = await addLinks(client, ['a', 'b']);
      const click = await visitor().post(`/api/links/${a!.id}/click`).expect(200);
      expect(click.body).toEqual({ url: a!.url });
      await visitor().post(`/api/links/${a!.id}/click`).expect(200);
      await visitor().post(`/api/links/${b!.id}/click`).set('Referer', 'https://www.instagram.com/p/abc').expect(200);

      const listed = await list(client);
      expect(Object.fromEntries(listed.map((l) => [l.title, l.clicks]))).toEqual({ a: 2, b: 1 });
      expect(await analytics(client)).toEqual({ totalClicks: 3, totalViews: 0, clickRate: 0, activeLinks: 2 });
    });

    it('answers 404 for a click on an inactive, deleted or unknown link and counts nothing', async () => {
      const client = await creator();
      const [inactive, deleted] = await addLinks(client, ['inactive', 'deleted']);
      await client.put(`/api/links/${inactive!.id}`).send({ isActive: false }).expect(200);
      await client.delete(`/api/links/${deleted!.id}`).expect(200);
      const before = await db.fingerprint();
      for (const id of [inactive!.id, deleted!.id, randomUUID()]) {
        const response = await visitor().post(`/api/links/${id}/click`).expect(404);
        expect(response.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
      }
      expect(await db.fingerprint()).toBe(before);
      expect(await analytics(client)).toEqual({ totalClicks: 0, totalViews: 0, clickRate: 0, activeLinks: 0 });
    });

    it.each([GOOGLEBOT, FACEBOOK_PREVIEW, 'Twitterbot/1.0', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'])(
      'serves but does not count a click from %j',
      async (userAgent) => {
        const client = await creator();
        const link = await addLink(client);
        const before = await db.fingerprint();
        const response = await visitor(userAgent).post(`/api/links/${link.id}/click`).expect(200);
        expect(response.body).toEqual({ url: link.url });
        expect(await db.fingerprint()).toBe(before);
        expect((await list(client))[0]!.clicks).toBe(0);
        expect((await analytics(client)).totalClicks).toBe(0);
      },
    );

    it('computes the click rate from page views with one decimal, and counts active links', async () => {
      const { client, user } = await creatorWithUser();
      const [a, b, c] = await addLinks(client, ['a', 'b', 'c']);
      await client.put(`/api/links/${c!.id}`).send({ isActive: false }).expect(200);
      expect(await analytics(client)).toEqual({ totalClicks: 0, totalViews: 0, clickRate: 0, activeLinks: 2 });

      await visitor().post(`/api/links/${a!.id}/click`).expect(200);
      expect(await analytics(client)).toEqual({ totalClicks: 1, totalViews: 0, clickRate: 0, activeLinks: 2 });

      for (let i = 0; i < 3; i += 1) await visitor().get(`/api/users/${user.username}`).expect(200);
      expect(await analytics(client)).toEqual({ totalClicks: 1, totalViews: 3, clickRate: 33.3, activeLinks: 2 });

      await visitor().post(`/api/links/${b!.id}/click`).expect(200);
      expect(await analytics(client)).toEqual({ totalClicks: 2, totalViews: 3, clickRate: 66.7, activeLinks: 2 });

      await visitor().get(`/api/users/${user.username}`).expect(200);
      await visitor(GOOGLEBOT).get(`/api/users/${user.username}`).expect(200);
      await client.get(`/api/users/${user.username}`).expect(200);
      expect(await analytics(client)).toEqual({ totalClicks: 2, totalViews: 4, clickRate: 50, activeLinks: 2 });

      await visitor().post(`/api/links/${a!.id}/click`).expect(200);
      await visitor().post(`/api/links/${a!.id}/click`).expect(200);
      await visitor().post(`/api/links/${a!.id}/click`).expect(200);
      // More clicks than views (a shared link clicked from elsewhere) stays a plain percentage.
      expect(await analytics(client)).toEqual({ totalClicks: 5, totalViews: 4, clickRate: 125, activeLinks: 2 });
      expect(Object.fromEntries((await list(client)).map((l) => [l.title, l.clicks]))).toEqual({ a: 4, b: 1, c: 0 });
    });

    it("keeps one creator's clicks and views out of another's analytics", async () => {
      const { client: alice, user: aliceUser } = await creatorWithUser();
      const bob = await creator();
      const link = await addLink(alice);
      await visitor().get(`/api/users/${aliceUser.username}`).expect(200);
      await visitor().post(`/api/links/${link.id}/click`).expect(200);
      expect(await analytics(alice)).toMatchObject({ totalClicks: 1, totalViews: 1, clickRate: 100 });
      expect(await analytics(bob)).toEqual({ totalClicks: 0, totalViews: 0, clickRate: 0, activeLinks: 0 });
    });
  });

  describe('bad input never reaches the database', () => {
    /** A body sent exactly as written, with the given content type. */
    class Raw {
      constructor(
        readonly text: string,
        readonly contentType = 'application/json',
      ) {}
    }
    type Body = Raw | Record<string, unknown> | ((ids: { linkId: string }) => unknown) | undefined;
    type Endpoint = 'POST /api/links' | 'PUT /api/links/{id}' | 'PUT /api/links/order';
    type Row = [label: string, body: Body, status: number, message: string];

    const unexpected = Messages.unexpectedField;
    const big = 'x'.repeat(10 * 1024);
    const hostileUrls = [
      'javascript:alert(1)',
      '  JaVaScRiPt:alert(1)',
      'JAVASCRIPT:alert(document.cookie)',
      '\tjavascript:alert(1)',
      'java\nscript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      '  DaTa:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '  VbScRiPt:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/file',
      'mailto:someone@example.com',
      '//example.com',
      'https://',
      'https://?q=1',
      'http://[not-an-ip]/',
      'http://user:secret@example.com',
      'https://exa mple.com',
      `https://example.com/${'a'.repeat(2048)}`,
      `https://example.com/${big}`,
    ];

    const common = (valid: Record<string, unknown>): Row[] => [
      ['__proto__ at the top', new Raw(`{"__proto__":{"x":1},${JSON.stringify(valid).slice(1)}`), 400, unexpected('__proto__')],
      ['__proto__ nested', new Raw(`{"nested":{"__proto__":{"isAdmin":true}},${JSON.stringify(valid).slice(1)}`), 400, unexpected('__proto__')],
      ['constructor.prototype', new Raw(`{"constructor":{"prototype":{"x":1}},${JSON.stringify(valid).slice(1)}`), 400, unexpected('constructor')],
      ['malformed JSON', new Raw('{"title": "a", "url": '), 400, Messages.malformedJson],
      ['single-quoted JSON', new Raw("{'title': 'a'}"), 400, Messages.malformedJson],
      ['a bare string', new Raw('"hello"'), 400, Messages.malformedJson],
      ['a bare number', new Raw('42'), 400, Messages.malformedJson],
      ['a bare null', new Raw('null'), 400, Messages.malformedJson],
      ['a JSON array of the valid body', new Raw(JSON.stringify([valid])), 400, Messages.jsonObjectOnly],
      ['an empty JSON array', new Raw('[]'), 400, Messages.jsonObjectOnly],
      [
        'a form-encoded body',
        new Raw(new URLSearchParams(Object.entries(valid).map(([k, v]): [string, string] => [k, String(v)])).toString(), 'application/x-www-form-urlencoded'),
        415,
        Messages.jsonOnly,
      ],
      ['a text/plain body', new Raw(JSON.stringify(valid), 'text/plain'), 415, Messages.jsonOnly],
      ['a multipart-looking body', new Raw('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\na\r\n--x--', 'multipart/form-data; boundary=x'), 415, Messages.jsonOnly],
      ['JSON in an unsupported charset', new Raw(JSON.stringify(valid), 'application/json; charset=iso-8859-1'), 415, Messages.jsonOnly],
      ['a body over 64 kB', { ...valid, padding: 'x'.repeat(70 * 1024) }, 413, Messages.bodyTooLarge],
      ['a NUL character in a key', new Raw(`{"a\\u0000b":1,${JSON.stringify(valid).slice(1)}`), 400, Messages.nulCharacter],
    ];

    const createRows: Row[] = [
      ['no body', undefined, 400, Messages.titleRequired],
      ['an empty object', {}, 400, Messages.titleRequired],
      ['a missing title', { url: 'https://a.co' }, 400, Messages.titleRequired],
      ['a missing url', { title: 'a' }, 400, Messages.invalidUrl],
      ['a null title', { title: null, url: 'https://a.co' }, 400, Messages.titleRequired],
      ['a numeric title', { title: 42, url: 'https://a.co' }, 400, Messages.titleRequired],
      ['a boolean title', { title: true, url: 'https://a.co' }, 400, Messages.titleRequired],
      ['an array title', { title: ['a'], url: 'https://a.co' }, 400, Messages.titleRequired],
      ['an object title', { title: { text: 'a' }, url: 'https://a.co' }, 400, Messages.titleRequired],
      ['a blank title', { title: '   ', url: 'https://a.co' }, 400, Messages.titleRequired],
      ['a 101-character title', { title: 'x'.repeat(101), url: 'https://a.co' }, 400, Messages.titleTooLong],
      ['a 10 kB title', { title: big, url: 'https://a.co' }, 400, Messages.titleTooLong],
      ['a null url', { title: 'a', url: null }, 400, Messages.invalidUrl],
      ['a numeric url', { title: 'a', url: 42 }, 400, Messages.invalidUrl],
      ['an array url', { title: 'a', url: ['https://a.co'] }, 400, Messages.invalidUrl],
      ['an object url', { title: 'a', url: { href: 'https://a.co' } }, 400, Messages.invalidUrl],
      ['an empty url', { title: 'a', url: '' }, 400, Messages.invalidUrl],
      ['a NUL character in the title', { title: 'a\u0000b', url: 'https://a.co' }, 400, Messages.nulCharacter],
      ['a NUL character in the url', { title: 'a', url: 'https://a.co/\u0000' }, 400, Messages.nulCharacter],
      ['a title of 101 emoji', { title: '\u{1F600}'.repeat(101), url: 'https://a.co' }, 400, Messages.titleTooLong],
      ['a title of 51 emoji with variation selectors', { title: '\u2764\uFE0F'.repeat(51), url: 'https://a.co' }, 400, Messages.titleTooLong],
      ...hostileUrls.map((url): Row => [`url ${JSON.stringify(url.slice(0, 60))}`, { title: 'a', url }, 400, Messages.invalidUrl]),
      ['a negative order', { title: 'a', url: 'https://a.co', order: -1 }, 400, Messages.orderInteger],
      ['a fractional order', { title: 'a', url: 'https://a.co', order: 0.5 }, 400, Messages.orderInteger],
      ['a string order', { title: 'a', url: 'https://a.co', order: '1' }, 400, Messages.orderInteger],
      ['a boolean order', { title: 'a', url: 'https://a.co', order: true }, 400, Messages.orderInteger],
      ['a huge order', { title: 'a', url: 'https://a.co', order: 1e12 }, 400, Messages.orderInteger],
      ['an extra field clicks', { title: 'a', url: 'https://a.co', clicks: 1000 }, 400, unexpected('clicks')],
      ['an extra field ownerId', { title: 'a', url: 'https://a.co', ownerId: randomUUID() }, 400, unexpected('ownerId')],
      ['an extra field id', { title: 'a', url: 'https://a.co', id: randomUUID() }, 400, unexpected('id')],
      ['an extra field isPremium', { title: 'a', url: 'https://a.co', isPremium: true }, 400, unexpected('isPremium')],
      ...common({ title: 'a', url: 'https://a.co' }),
    ];

    const updateRows: Row[] = [
      ['no body', undefined, 400, Messages.nothingToUpdate],
      ['an empty object', {}, 400, Messages.nothingToUpdate],
      ['a null title', { title: null }, 400, Messages.titleRequired],
      ['an empty title', { title: '' }, 400, Messages.titleRequired],
      ['a blank title', { title: ' \n\t ' }, 400, Messages.titleRequired],
      ['a numeric title', { title: 7 }, 400, Messages.titleRequired],
      ['a 10 kB title', { title: big }, 400, Messages.titleTooLong],
      ['a null url', { url: null }, 400, Messages.invalidUrl],
      ['an object url', { url: { href: 'https://a.co' } }, 400, Messages.invalidUrl],
      ['a NUL character in the title', { title: '\u0000' }, 400, Messages.nulCharacter],
      ['a title of 51 emoji with variation selectors', { title: '\u2764\uFE0F'.repeat(51) }, 400, Messages.titleTooLong],
      ...hostileUrls.map((url): Row => [`url ${JSON.stringify(url.slice(0, 60))}`, { url }, 400, Messages.invalidUrl]),
      ['a null isActive', { isActive: null }, 400, Messages.isActiveBoolean],
      ['a string isActive', { isActive: 'false' }, 400, Messages.isActiveBoolean],
      ['a numeric isActive', { isActive: 1 }, 400, Messages.isActiveBoolean],
      ['an object isActive', { isActive: {} }, 400, Messages.isActiveBoolean],
      ['a null order', { order: null }, 400, Messages.orderInteger],
      ['a negative order', { order: -1 }, 400, Messages.orderInteger],
      ['a fractional order', { order: 2.5 }, 400, Messages.orderInteger],
      ['a string order', { order: '3' }, 400, Messages.orderInteger],
      ['a huge order', { order: 2 ** 31 }, 400, Messages.orderInteger],
      ['a valid change with a bad one', { isActive: false, order: -1 }, 400, Messages.orderInteger],
      ['an extra field clicks', { clicks: 1000 }, 400, unexpected('clicks')],
      ['an extra field beside a valid change', { isActive: false, createdAt: '2020-01-01T00:00:00.000Z' }, 400, unexpected('createdAt')],
      ['an extra field ownerId', { ownerId: randomUUID() }, 400, unexpected('ownerId')],
      ['an extra field id', { id: randomUUID() }, 400, unexpected('id')],
      ...common({ isActive: false }),
    ];

    const reorderRows: Row[] = [
      ['no body', undefined, 400, Messages.orderIds],
      ['an empty object', {}, 400, Messages.orderIds],
      ['null ids', { ids: null }, 400, Messages.orderIds],
      ['a string for ids', { ids: 'abc' }, 400, Messages.orderIds],
      ['a single id instead of a list', ({ linkId }) => ({ ids: linkId }), 400, Messages.orderIds],
      ['an object for ids', ({ linkId }) => ({ ids: { 0: linkId } }), 400, Messages.orderIds],
      ['numbers in ids', { ids: [1, 2] }, 400, Messages.orderIds],
      ['null in ids', ({ linkId }) => ({ ids: [linkId, null] }), 400, Messages.orderIds],
      ['a nested list in ids', ({ linkId }) => ({ ids: [[linkId]] }), 400, Messages.orderIds],
      ['a non-UUID in ids', { ids: ['not-a-uuid'] }, 400, Messages.orderIds],
      ['a 10 kB string in ids', { ids: [big] }, 400, Messages.orderIds],
      ['an empty list when links exist', { ids: [] }, 400, Messages.orderIds],
      ['a repeated id', ({ linkId }) => ({ ids: [linkId, linkId] }), 400, Messages.orderIds],
      ['an unknown id', () => ({ ids: [randomUUID()] }), 400, Messages.orderIds],
      ['1000 unknown ids', () => ({ ids: Array.from({ length: 1000 }, () => randomUUID()) }), 400, Messages.orderIds],
      ['an extra field', ({ linkId }) => ({ ids: [linkId], order: [0] }), 400, unexpected('order')],
      ...common({ ids: [] }),
    ];

    let client: Agent;
    let linkId: string;

    beforeAll(async () => {
      client = await creator();
      linkId = (await addLink(client, { title: 'only', url: 'https://example.com/only' })).id;
    });

    const table = [
      ...createRows.map(([label, body, status, message]) => ['POST /api/links', label, status, message, body] as const),
      ...updateRows.map(([label, body, status, message]) => ['PUT /api/links/{id}', label, status, message, body] as const),
      ...reorderRows.map(([label, body, status, message]) => ['PUT /api/links/order', label, status, message, body] as const),
    ];

    it.each(table)('%s with %s answers %i %j', async (endpoint: Endpoint, _label, status, message, body) => {
      const before = await db.fingerprint();
      const path = endpoint === 'PUT /api/links/{id}' ? `/api/links/${linkId}` : endpoint.split(' ')[1]!;
      let call = endpoint.startsWith('POST') ? client.post(path) : client.put(path);
      const resolved = typeof body === 'function' ? body({ linkId }) : body;
      if (resolved instanceof Raw) call = call.set('Content-Type', resolved.contentType).send(resolved.text);
      else if (resolved !== undefined) call = call.send(resolved as object);
      const response = await call;

      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof response.body.message).toBe('string');
      expect(response.body.message.length).toBeGreaterThan(0);
      expect(response.body).toMatchObject({ statusCode: status, message });
      expect(await db.fingerprint()).toBe(before);
    });

    it('left the one link of the table creator as it was', async () => {
      const links = await list(client);
      expect(links).toHaveLength(1);
      expect(links[0]).toMatchObject({ id: linkId, title: 'only', url: 'https://example.com/only', isActive: true, order: 0 });
    });
  });
});
