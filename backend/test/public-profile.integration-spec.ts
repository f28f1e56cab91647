import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Messages, type AnalyticsView, type LinkView, type PublicProfileResponse } from '@linkbio/shared-contracts';
import { agent, analyticsSettled, Database, signedInCreator, startApp, startWorker, unique, type Agent } from './support/harness.js';

/*
 * The public bio page's API, GET /api/users/{username}, over real PostgreSQL and Redis: what anyone may see
 * of a creator, and which visits count as page views. Every assertion about counts reads one creator's own
 * analytics, so this file can share the run's database with specs running beside it.
 */

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PUBLIC_USER_KEYS = [
  'avatar',
  'backgroundColor',
  'backgroundImage',
  'bio',
  'bookingPrice',
  'buttonColor',
  'buttonShape',
  'buttonTextColor',
  'displayName',
  'enableBooking',
  'isPremium',
  'seo',
  'socials',
  'socialsPosition',
  'theme',
  'username',
].sort();
const PUBLIC_LINK_KEYS = ['id', 'kind', 'order', 'thumbnail', 'title', 'url'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('public profile over HTTP', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await worker.close();
    await app.close();
  });

  /** The creator's analytics once the worker has counted every view and click so far. */
  async function analytics(client: Agent) {
    await analyticsSettled(app);
    return client.get('/api/analytics').expect(200);
  }

  const visitor = (userAgent = BROWSER) => agent(app).set('User-Agent', userAgent);

  async function addLink(client: Agent, title: string, order = 0): Promise<LinkView> {
    const response = await client.post('/api/links').send({ title, url: `https://example.com/${title}`, order }).expect(201);
    await sleep(5); // so that "newest first" among equal orders is well defined
    return response.body as LinkView;
  }

  async function profile(username: string, client: Agent = visitor()): Promise<PublicProfileResponse> {
    const response = await client.get(`/api/users/${username}`).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['links', 'user']);
    return response.body as PublicProfileResponse;
  }

  async function views(client: Agent): Promise<number> {
    const response = await analytics(client);
    return (response.body as AnalyticsView).totalViews;
  }

  describe('what the page shows', () => {
    it('answers the public view of the creator and nothing private', async () => {
      const { client, details, user } = await signedInCreator(app, { bio: 'Coffee, code and climbing' });
      await client.put('/api/users/template').send({ theme: 'dark', backgroundColor: '#f0f9ff' }).expect(200);
      await client.put('/api/users/payout-settings').send({ paypalEmail: 'payouts@paypal-example.com', cashappHandle: '$secret-handle' }).expect(200);
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25.50' }).expect(200);
      const me = await client.get('/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ paypalEmail: 'payouts@paypal-example.com', cashappHandle: 'secret-handle' });

      const response = await visitor().get(`/api/users/${details.username}`).expect(200);
      const body = response.body as PublicProfileResponse;
      expect(Object.keys(body.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(body.user).toEqual({
        username: details.username,
        displayName: details.displayName,
        bio: 'Coffee, code and climbing',
        avatar: null,
        theme: 'dark',
        backgroundColor: '#f0f9ff',
        backgroundImage: null,
        enableBooking: true,
        bookingPrice: 2550,
        isPremium: false,
        buttonColor: null,
        buttonTextColor: null,
        buttonShape: 'rounded',
        socials: [],
        socialsPosition: 'top',
        seo: { title: null, description: null, image: null },
      });
      expect(body.links).toEqual([]);

      for (const key of ['id', 'email', 'paypalEmail', 'cashappHandle', 'passwordHash', 'password', 'createdAt', 'updatedAt']) {
        expect(body.user).not.toHaveProperty(key);
      }
      for (const secret of [user.id, details.email, 'payouts@paypal-example.com', 'secret-handle', details.password, 'argon2']) {
        expect(response.text).not.toContain(secret);
      }
    });

    it('shows the defaults of a new creator', async () => {
      const { details } = await signedInCreator(app);
      const { user, links } = await profile(details.username);
      expect(user).toEqual({
        username: details.username,
        displayName: details.displayName,
        bio: null,
        avatar: null,
        theme: 'default',
        backgroundColor: null,
        backgroundImage: null,
        buttonColor: null,
        buttonTextColor: null,
        buttonShape: 'rounded',
        enableBooking: false,
        bookingPrice: null,
        isPremium: false,
        socials: [],
        socialsPosition: 'top',
        seo: { title: null, description: null, image: null },
      });
      expect(links).toEqual([]);
    });

    it('shows a premium creator as premium', async () => {
      const { details, user } = await signedInCreator(app);
      await db.makePremium(user.id);
      expect((await profile(details.username)).user.isPremium).toBe(true);
      await db.makePremium(user.id, false);
      expect((await profile(details.username)).user.isPremium).toBe(false);
    });

    it('lists only active links, in order, newest first on ties, with id, kind, title, url and order only', async () => {
      const { client, details } = await signedInCreator(app);
      const later = await addLink(client, 'later', 2);
      const older = await addLink(client, 'older', 0);
      const hidden = await addLink(client, 'hidden', 1);
      const newer = await addLink(client, 'newer', 0);
      await client.put(`/api/links/${hidden.id}`).send({ isActive: false }).expect(200);

      const { links } = await profile(details.username);
      for (const link of links) expect(Object.keys(link).sort()).toEqual(PUBLIC_LINK_KEYS);
      expect(links).toEqual(
        [newer, older, later].map((link) => ({ id: link.id, kind: 'link', title: link.title, url: link.url, order: link.order, thumbnail: null })),
      );
    });

    it('follows the creator’s changes: switching on and off, reordering, deleting', async () => {
      const { client, details } = await signedInCreator(app);
      const a = await addLink(client, 'a');
      const b = await addLink(client, 'b');
      const c = await addLink(client, 'c');
      const titles = async () => (await profile(details.username)).links.map((link) => link.title);
      expect(await titles()).toEqual(['c', 'b', 'a']);

      await client.put('/api/links/order').send({ ids: [a.id, b.id, c.id] }).expect(200);
      expect((await profile(details.username)).links.map((link) => [link.title, link.order])).toEqual([
        ['a', 0],
        ['b', 1],
        ['c', 2],
      ]);
      await client.put(`/api/links/${b.id}`).send({ isActive: false }).expect(200);
      expect(await titles()).toEqual(['a', 'c']);
      await client.put(`/api/links/${b.id}`).send({ isActive: true }).expect(200);
      expect(await titles()).toEqual(['a', 'b', 'c']);
      await client.delete(`/api/links/${a.id}`).expect(200);
      expect(await titles()).toEqual(['b', 'c']);
      await client.put(`/api/links/${c.id}`).send({ title: 'c renamed', url: 'https://example.org/c' }).expect(200);
      expect((await profile(details.username)).links.at(-1)).toEqual({ id: c.id, kind: 'link', title: 'c renamed', url: 'https://example.org/c', order: 2, thumbnail: null });
    });

    it("never shows another creator's links", async () => {
      const alice = await signedInCreator(app);
      const bob = await signedInCreator(app);
      const aliceLink = await addLink(alice.client, 'alice-only');
      await addLink(bob.client, 'bob-only');
      const { links } = await profile(bob.details.username);
      expect(links.map((link) => link.title)).toEqual(['bob-only']);
      expect(links.map((link) => link.id)).not.toContain(aliceLink.id);
    });

    it('gives link ids that a visitor can click through to the url', async () => {
      const { client, details } = await signedInCreator(app);
      await addLink(client, 'shop');
      const [link] = (await profile(details.username)).links;
      const click = await visitor().post(`/api/links/${link!.id}/click`).expect(200);
      expect(click.body).toEqual({ url: 'https://example.com/shop' });
      expect((await analytics(client)).body).toMatchObject({ totalClicks: 1, totalViews: 1, clickRate: 100 });
    });

    it('answers the same page to a visitor, a signed-in stranger and the creator', async () => {
      const { client, details } = await signedInCreator(app);
      await addLink(client, 'one');
      const stranger = (await signedInCreator(app)).client;
      const anonymous = await profile(details.username);
      expect(await profile(details.username, stranger)).toEqual(anonymous);
      expect(await profile(details.username, client)).toEqual(anonymous);
    });
  });

  describe('finding the creator', () => {
    it("answers 404 {statusCode: 404, message: 'User not found'} for an unknown username", async () => {
      const response = await visitor().get('/api/users/nobody-has-this-name-42').expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: Messages.userNotFound });
    });

    it.each([
      ['a reserved word', 'admin'],
      ['a settings route read with GET', 'template'],
      ['a too-short name', 'ab'],
      ['a name with a dot', 'a.b'],
      ['an encoded slash', 'a%2Fb'],
      ['a space', '%20'],
      ['a SQL fragment', "x'%20or%20'1'='1"],
      ['a LIKE wildcard', '%25'],
      ['an underscore wildcard', '___'],
      ['a 500-character name', 'a'.repeat(500)],
      ['emoji', encodeURIComponent('\u{1F600}\u{1F600}\u{1F600}')],
    ])('answers 404 for %s', async (_, username) => {
      const response = await visitor().get(`/api/users/${username}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: Messages.userNotFound });
    });

    it('refuses a name holding an encoded NUL with 400, as any text holding one', async () => {
      const response = await visitor().get('/api/users/a%00b').expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: Messages.nulCharacter });
    });

    it('does not match a prefix or a longer name', async () => {
      const username = `${unique('p').slice(0, 24)}-tail`;
      await signedInCreator(app, { username });
      await profile(username);
      await visitor().get(`/api/users/${username.slice(0, -1)}`).expect(404);
      await visitor().get(`/api/users/${username}x`).expect(404);
    });

    it('finds the creator whatever the case of the username, answering the stored lowercase name', async () => {
      const { client, details } = await signedInCreator(app);
      await addLink(client, 'one');
      const exact = await profile(details.username);
      for (const spelling of [details.username.toUpperCase(), details.username[0]!.toUpperCase() + details.username.slice(1)]) {
        expect(spelling).not.toBe(details.username);
        const found = await profile(spelling);
        expect(found).toEqual(exact);
        expect(found.user.username).toBe(details.username);
      }
      expect(await views(client)).toBe(3);
    });
  });

  describe('page views', () => {
    it('counts one view per visit of an anonymous visitor', async () => {
      const { client, details } = await signedInCreator(app);
      expect(await views(client)).toBe(0);
      await profile(details.username);
      expect(await views(client)).toBe(1);
      const returning = visitor();
      await profile(details.username, returning);
      await profile(details.username, returning);
      expect(await views(client)).toBe(3);
    });

    it.each([
      ['Googlebot/2.1 (+http://www.google.com/bot.html)'],
      ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
      ['facebookexternalhit/1.1'],
      ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
      ['Twitterbot/1.0'],
      ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
      ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
      ['WhatsApp/2.23.20.0'],
      ['curl/8.4.0'],
    ])('serves the page to %j but does not count the view', async (userAgent) => {
      const { client, details } = await signedInCreator(app);
      await addLink(client, 'one');
      const { user, links } = await profile(details.username, visitor(userAgent));
      expect(user.username).toBe(details.username);
      expect(links).toHaveLength(1);
      expect(await views(client)).toBe(0);
      await profile(details.username);
      expect(await views(client)).toBe(1);
    });

    it('does not count the creator viewing their own page while signed in, in any letter case', async () => {
      const { client, details } = await signedInCreator(app);
      await profile(details.username, client);
      await profile(details.username.toUpperCase(), client);
      expect(await views(client)).toBe(0);
    });

    it('counts views by another signed-in creator, and by the creator once signed out', async () => {
      const { client, details } = await signedInCreator(app);
      const stranger = (await signedInCreator(app)).client;
      await profile(details.username, stranger);
      expect(await views(client)).toBe(1);
      expect(await views(stranger)).toBe(0);

      const { client: ownerLater, details: ownerDetails } = await signedInCreator(app);
      await ownerLater.post('/api/auth/logout').expect(200);
      await profile(ownerDetails.username, ownerLater);
      const signedInAgain = agent(app);
      await signedInAgain.post('/api/auth/login').send({ email: ownerDetails.email, password: ownerDetails.password }).expect(200);
      expect(await views(signedInAgain)).toBe(1);
    });

    it('computes the click rate from these views', async () => {
      const { client, details } = await signedInCreator(app);
      await addLink(client, 'one');
      for (let i = 0; i < 6; i += 1) await profile(details.username);
      await profile(details.username, visitor('Googlebot/2.1 (+http://www.google.com/bot.html)'));
      const [link] = (await profile(details.username)).links;
      await visitor().post(`/api/links/${link!.id}/click`).expect(200);
      await visitor().post(`/api/links/${link!.id}/click`).expect(200);
      const response = await analytics(client);
      expect(response.body).toEqual({ totalClicks: 2, totalViews: 7, clickRate: 28.6, activeLinks: 1 });
    });
  });
});
