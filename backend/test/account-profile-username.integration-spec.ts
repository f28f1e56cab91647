import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { AccountMessages, Messages, isReservedUsername, type AnalyticsView, type LinkView, type UserView } from '@linkbio/shared-contracts';
import { USERNAME_CHANGES_PER_HOUR } from '../src/modules/identity/application/ports/username-change-rate-limit.js';
import { agent, analyticsSettled, Database, registration, signedInCreator, startApp, startWorker, unique, type Agent } from './support/harness.js';

/*
 * A change of username over HTTP (issue 14), on real PostgreSQL and Redis: the old address answers 301 to
 * the new one for 30 days (bio page, booking page, public profile), counting no view; nobody else may claim the
 * old name meanwhile, the owner may take it back; links, clicks, views, bookings and the QR code follow the
 * account; two API instances see a rename on the very next request; names that look official are refused.
 */

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('changing the username over HTTP', () => {
  let app: INestApplication;
  let other: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;

  beforeAll(async () => {
    [app, other] = await Promise.all([startApp(), startApp()]);
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await worker.close();
    await Promise.all([app.close(), other.close()]);
  });

  const get = (path: string, instance = app) =>
    request(instance.getHttpServer()).get(path).set('User-Agent', BROWSER).set('Host', 'linkbio.test').redirects(0);
  const rename = (client: Agent, username: string) => client.put('/api/users/username').send({ username });
  const expectMoved = async (path: string, location: string, instance = app) => {
    const response = await get(path, instance).expect(301);
    expect(response.headers.location).toBe(location);
    expect(response.headers['cache-control']).toBe('no-store');
  };
  const analytics = async (client: Agent): Promise<AnalyticsView> => {
    await analyticsSettled(worker);
    return (await client.get('/api/analytics').expect(200)).body as AnalyticsView;
  };
  const signUp = (username: string) => agent(app).post('/api/auth/register').send(registration({ username, email: `${unique('e')}@example.com` }));

  it('answers the new name, and the old address 301 to the new one with the query, counting one view', async () => {
    const { client, user } = await signedInCreator(app);
    const old = user.username;
    const next = unique('n');
    await get(`/${old}`).expect(200);
    const before = await analytics(client);

    const response = await rename(client, next).expect(200);

    expect(response.body).toEqual({ user: { ...(await client.get('/api/auth/me').expect(200)).body, username: next }, message: AccountMessages.usernameChanged(next) });
    expect((response.body.user as UserView).id).toBe(user.id);
    await expectMoved(`/${old}`, `/${next}`);
    await expectMoved(`/${old}/?booked=true&utm_source=ig`, `/${next}?booked=true&utm_source=ig`);
    await expectMoved(`/book/${old}`, `/book/${next}`);
    await expectMoved(`/api/users/${old}`, `/api/users/${next}`);
    await expectMoved(`/api/users/${old}?x=%C3%A9`, `/api/users/${next}?x=%C3%A9`);
    expect((await request(app.getHttpServer()).head(`/${old}`).redirects(0).expect(301)).headers.location).toBe(`/${next}`);
    // A signed-in visitor goes through Express, not the fast path: the same answer.
    expect((await (await signedInCreator(app)).client.get(`/${old}`).redirects(0).expect(301)).headers.location).toBe(`/${next}`);

    const followed = await request(app.getHttpServer()).get(`/${old}`).set('User-Agent', BROWSER).redirects(1).expect(200);
    expect(followed.text).toContain(`@${next}`);
    await get(`/api/users/${next}`).expect(200);
    expect((await analytics(client)).totalViews - before.totalViews).toBe(2);
  });

  it('keeps links, clicks, views, bookings and the QR code with the account', async () => {
    const { client, user } = await signedInCreator(app);
    const link = (await client.post('/api/links').send({ title: 'Shop', url: 'https://example.com/shop' }).expect(201)).body as LinkView;
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25.00' }).expect(200);
    await get(`/go/${link.id}`).expect(302);
    const before = await analytics(client);
    const next = unique('n');

    await rename(client, next).expect(200);

    expect((await client.get('/api/qr-code').expect(200)).body.url).toMatch(new RegExp(`/${next}$`));
    expect((await get(`/${next}`).expect(200)).text).toContain('Shop');
    expect((await get(`/go/${link.id}`).expect(302)).headers.location).toBe('https://example.com/shop');
    await request(app.getHttpServer()).post(`/api/links/${link.id}/click`).set('User-Agent', BROWSER).send({}).expect(200);
    expect((await get(`/book/${next}`).expect(200)).text).toContain('$25.00');
    const customerEmail = `${unique('ada')}@example.com`;
    const booking = await agent(app).post(`/api/users/${next}/book`).send({ customerName: 'Ada', customerEmail }).expect(201);
    expect(booking.body).toMatchObject({ amount: 3000, userAmount: 2500, platformFee: 500 });
    // A booking page opened before the change sends the old name: the booking still reaches the creator.
    await agent(app).post(`/api/users/${user.username}/book`).send({ customerName: 'Ada', customerEmail }).expect(201);

    // One view of the new page (the booking page counts none), two clicks: all the creator's, as before the change.
    const after = await analytics(client);
    expect([after.totalClicks - before.totalClicks, after.totalViews - before.totalViews]).toEqual([2, 1]);
    expect(((await client.get('/api/links').expect(200)).body as LinkView[])[0]?.clicks).toBe(3);
    const bookings = await db.query('select creator_id from bookings where customer_email = $1', [customerEmail]);
    expect(bookings.rows).toEqual([{ creator_id: user.id }, { creator_id: user.id }]);
  });

  it('holds the old name from every other account; the owner may take it back', async () => {
    const { client, user } = await signedInCreator(app);
    const old = user.username;
    const next = unique('n');
    await rename(client, next).expect(200);
    const rival = await signedInCreator(app);

    const signUpRefused = await signUp(old).expect(409);
    expect(signUpRefused.body.message).toBe(AccountMessages.usernameHeld);
    expect((await rename(rival.client, old).expect(409)).body.message).toBe(AccountMessages.usernameHeld);
    expect((await db.query('select 1 from users where lower(username) = $1', [old])).rowCount).toBe(0);

    const back = await rename(client, old).expect(200);
    expect(back.body.message).toBe(AccountMessages.usernameChanged(old));
    await get(`/${old}`).expect(200);
    await expectMoved(`/${next}`, `/${old}`);
    expect((await db.query('select username from username_holds where user_id = $1', [user.id])).rows).toEqual([{ username: next }]);
    expect((await signUp(next).expect(409)).body.message).toBe(AccountMessages.usernameHeld);
  });

  it('frees the old name after 30 days: its address is 404 and anyone may claim it', async () => {
    const { client, user } = await signedInCreator(app);
    const old = user.username;
    const next = unique('n');
    await rename(client, next).expect(200);
    await expectMoved(`/${old}`, `/${next}`);
    await expectMoved(`/${old}`, `/${next}`, other);

    await db.query("update username_holds set held_until = now() - interval '1 second' where username = $1", [old]);

    for (const instance of [app, other]) {
      expect((await get(`/${old}`, instance).expect(404)).text).toContain('User Not Found');
      await get(`/book/${old}`, instance).expect(404);
      expect((await get(`/api/users/${old}`, instance).expect(404)).body).toEqual({ statusCode: 404, message: Messages.userNotFound });
    }
    const claimant = await signUp(old).expect(201);
    expect(claimant.body.username).toBe(old);
    expect((await get(`/api/users/${old}`, other).expect(200)).body.user.displayName).toBe(claimant.body.displayName);
    expect((await db.query('select 1 from username_holds where username = $1', [old])).rowCount).toBe(0);
  });

  it('shows a rename and a taking back on the very next request to another API instance', async () => {
    const { client, user } = await signedInCreator(app);
    const old = user.username;
    const next = unique('n');
    await get(`/${old}`, other).expect(200);
    await get(`/api/users/${old}`, other).expect(200);
    await get(`/api/users/${next}`, other).expect(404);

    await rename(client, next).expect(200);

    await expectMoved(`/${old}`, `/${next}`, other);
    await expectMoved(`/api/users/${old}`, `/api/users/${next}`, other);
    expect((await get(`/api/users/${next}`, other).expect(200)).body.user.username).toBe(next);

    await rename(client, old).expect(200);

    expect((await get(`/api/users/${old}`, other).expect(200)).body.user.username).toBe(old);
    await expectMoved(`/${next}`, `/${old}`, other);
  });

  it.each([
    'linkbio',
    'linkbio-support',
    'linkbiohelp',
    'administrator',
    'admin-team',
    'moderator',
    'mod',
    'sysadmin',
    'operator',
    'ops',
    'staff',
    'official',
    'security',
    'system',
    'stripe',
    'paypal',
    'cashapp',
    'venmo',
    'apple-pay',
    'stripe-support',
    // look-alikes of official names, and reserved names with digits after them (issue 25)
    'adm1n',
    'l1nkbio',
    'supp0rt',
    'paypa1',
    'str1pe',
    'r00t',
    '0fficial',
    'adrnin',
    'llnkbio',
    'paypal1',
    'support1',
  ])('refuses the reserved name %p at sign-up and at rename', async (name) => {
    expect((await signUp(name).expect(400)).body.message).toBe(Messages.usernameReserved);
    const { client, user } = await signedInCreator(app);
    expect((await rename(client, name).expect(400)).body.message).toBe(Messages.usernameReserved);
    expect((await client.get('/api/auth/me').expect(200)).body.username).toBe(user.username);
  });

  it('keeps the page of an account whose name became reserved, and its forward once renamed', async () => {
    const { client, user } = await signedInCreator(app);
    const grandfathered = `linkbio${unique('g')}`.slice(0, 30);
    await db.query('update users set username = $2 where id = $1', [user.id, grandfathered]);

    await get(`/${grandfathered}`).expect(200);
    expect((await get(`/api/users/${grandfathered}`).expect(200)).body.user.username).toBe(grandfathered);

    const next = unique('n');
    await rename(client, next).expect(200);
    await expectMoved(`/${grandfathered}`, `/${next}`);
    await rename(client, grandfathered).expect(200);
    await get(`/${grandfathered}`).expect(200);
  });

  it('keeps the page and the sign-in of an account named as a look-alike before look-alikes were refused', async () => {
    const { client, details, user } = await signedInCreator(app);
    const lookAlike = `supp0rt${Date.now() % 1_000_000_000}`;
    expect(isReservedUsername(lookAlike)).toBe(true);
    await db.query('update users set username = $2 where id = $1', [user.id, lookAlike]);

    await get(`/${lookAlike}`).expect(200);
    expect((await get(`/api/users/${lookAlike}`).expect(200)).body.user.username).toBe(lookAlike);
    await client.put('/api/users/profile').send({ displayName: 'Still here' }).expect(200);
    const again = agent(app);
    await again.post('/api/auth/login').send({ email: details.email, password: details.password }).expect(200);
    expect((await again.get('/api/auth/me').expect(200)).body.username).toBe(lookAlike);
  });

  it(`allows ${USERNAME_CHANGES_PER_HOUR} changes an hour, then 429 with Retry-After`, async () => {
    const { client } = await signedInCreator(app);
    for (let index = 0; index < USERNAME_CHANGES_PER_HOUR; index += 1) await rename(client, unique('r')).expect(200);

    const refused = await rename(client, unique('r')).expect(429);

    expect(refused.body.message).toBe(Messages.tooManyAttempts(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('gives a free name to one of two accounts asking at once', async () => {
    const [first, second] = await Promise.all([signedInCreator(app), signedInCreator(other)]);
    const wanted = unique('w');

    const statuses = (await Promise.all([rename(first.client, wanted), rename(second.client, wanted)])).map((r) => r.status);

    expect(statuses.sort()).toEqual([200, 409]);
  });
});
