import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AccountMessages, DeletionMessages, Messages, PASSWORD_MAX_LENGTH } from '@linkbio/shared-contracts';
import { agent, Database, ownDatabase, registration, signedInCreator, startApp, unique, uniqueIp, type Agent } from './support/harness.js';
import { attributesOf, setCookieLine } from './support/account-security.js';

/*
 * Deleting an account (issue 14) over HTTP, on PostgreSQL and Redis, with the local payment provider and the
 * local object store: two API processes, so that "at once" holds for the process that did not delete too.
 */

const PASSWORD = 'correct horse';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('account deletion over HTTP', () => {
  let app: INestApplication;
  let reader: INestApplication;
  let db: Database;
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  const objectsDir = mkdtempSync(join(tmpdir(), 'linkbio-deletion-'));

  beforeAll(async () => {
    // A database of its own: the checks that nothing changed read whole tables, which the spec files running
    // beside this one write to.
    database = await ownDatabase('deletion');
    process.env.TEST_DATABASE_URL = database.url;
    process.env.OBJECTS_DIR = objectsDir;
    delete process.env.STRIPE_SECRET_KEY;
    [app, reader] = await Promise.all([startApp(), startApp()]);
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await Promise.all([app?.close(), reader?.close()]);
    await database?.drop();
    delete process.env.OBJECTS_DIR;
    rmSync(objectsDir, { recursive: true, force: true });
  });

  const signIn = (email: string, password = PASSWORD) => {
    const client = agent(app);
    return { client, answer: client.post('/api/auth/login').send({ email, password }) };
  };

  /** An image of the creator's in the local object store, as the upload flow leaves it; answers its address. */
  function storedImage(userId: string): string {
    const key = `users/${userId}/${randomUUID()}.png`;
    mkdirSync(join(objectsDir, 'users', userId), { recursive: true });
    writeFileSync(join(objectsDir, key), PNG);
    return `/objects/${key}`;
  }

  /** A paid booking and the creator's ledger entry for it (what billing writes); `payoutId` when paid out. */
  async function earning(creatorId: string, cents: number, payoutId: string | null = null): Promise<string> {
    const bookingId = randomUUID();
    await db.query(
      `insert into bookings (id, creator_id, customer_name, customer_email, user_amount, platform_fee, amount, status, created_at, paid_at)
       values ($1, $2, 'Ada Lovelace', 'ada@example.com', $3, 0, $3, 'paid', now(), now())`,
      [bookingId, creatorId, cents],
    );
    await db.query(
      `insert into ledger_entries (id, creator_id, booking_id, amount, created_at, payout_id, paid_out_at)
       values ($1, $2, $3, $4, now(), $5, case when $5::uuid is null then null else now() end)`,
      [randomUUID(), creatorId, bookingId, cents, payoutId],
    );
    return bookingId;
  }

  async function payout(creatorId: string, week: string, status: 'paid' | 'pending', cents: number): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into payouts (id, creator_id, week, period_end, amount, method, destination, status, created_at, updated_at, paid_at)
       values ($1, $2, $3, now(), $4, 'paypal', 'creator@paypal.example', $5::varchar, now(), now(), case when $5::varchar = 'paid' then now() end)`,
      [id, creatorId, week, cents, status],
    );
    return id;
  }

  /** Premium through the real flow: subscribe, then pay the first invoice with the local provider's test card. */
  async function subscribe(client: Agent): Promise<void> {
    const { clientSecret } = (await client.post('/api/create-subscription').expect(200)).body as { clientSecret: string };
    await client.post('/api/payments/local/confirm').send({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada' }).expect(200);
  }

  const page = (server: INestApplication, username: string) => request(server.getHttpServer()).get(`/${username}`);
  const profile = (server: INestApplication, username: string) => request(server.getHttpServer()).get(`/api/users/${username}`);

  it('previews the earnings not paid out yet and the plan', async () => {
    const { client, user } = await signedInCreator(app);
    expect((await client.get('/api/users/me/deletion').expect(200)).body).toEqual({ unpaidCents: 0, premium: false });

    const paid = await payout(user.id, '2026-W40', 'paid', 5000);
    await earning(user.id, 5000, paid);
    await earning(user.id, 1234);
    await earning(user.id, 66);
    await db.makePremium(user.id);
    const preview = await client.get('/api/users/me/deletion').expect(200);
    expect([preview.body, preview.headers['cache-control']]).toEqual([{ unpaidCents: 1300, premium: true }, 'no-store']);
  });

  it('deletes the account: money records stay, everything else of it goes at once', async () => {
    const { client, details, user } = await signedInCreator(app);
    const { username, email } = details;
    await subscribe(client);
    for (const title of ['one', 'two']) await client.post('/api/links').send({ title, url: `https://example.com/${title}` }).expect(201);
    const avatar = storedImage(user.id);
    const background = storedImage(user.id);
    await db.query(
      `update users set avatar = $2, background_image = $3, bio = 'My bio', paypal_email = 'creator@paypal.example',
              enable_booking = true, booking_price = 2500 where id = $1`,
      [user.id, avatar, background],
    );
    const paidPayout = await payout(user.id, '2026-W40', 'paid', 5000);
    const pendingPayout = await payout(user.id, '2026-W41', 'pending', 700);
    const bookings = [await earning(user.id, 5000, paidPayout), await earning(user.id, 1234)];
    await db.query(
      `insert into support_requests (id, creator_id, subject, message, priority, status, created_at)
       values ($1, $2, 'My card', 'Call me on +1 555 0100', false, 'open', now())`,
      [randomUUID(), user.id],
    );
    await db.query(
      `insert into calendar_connections (creator_id, url, username, password_sealed, write_sessions, connected_at)
       values ($1, 'https://dav.example.com/cal/', 'me@example.com', 'sealed', true, now())`,
      [user.id],
    );
    await db.query("insert into calendar_busy_times (creator_id, starts_at, ends_at) values ($1, now(), now() + interval '1 hour')", [user.id]);
    await db.query(
      "insert into calendar_written_events (booking_id, creator_id, href, slot_start, written_at) values ($1, $2, '/cal/x.ics', now(), now())",
      [bookings[0], user.id],
    );
    const phone = signIn(email);
    await phone.answer.expect(200);
    // Both API processes have the page in their cache.
    for (const server of [app, reader]) {
      await page(server, username).expect(200);
      await profile(server, username).expect(200);
    }

    const before = await db.fingerprint();
    const refused = await client.delete('/api/users/me').send({ password: PASSWORD }).expect(409);
    expect(refused.body.message).toBe(DeletionMessages.unpaidEarnings('$12.34'));
    expect(await db.fingerprint()).toBe(before);
    await client.get('/api/auth/me').expect(200);

    const deleted = await client.delete('/api/users/me').send({ password: PASSWORD, acknowledgeUnpaidEarnings: true }).expect(200);
    expect(deleted.body).toEqual({ message: DeletionMessages.deleted });
    const cookie = setCookieLine(deleted, 'linkbio.sid');
    expect(cookie && new Date(attributesOf(cookie).expires!).getTime()).toBeLessThan(Date.now());

    for (const server of [app, reader]) {
      await page(server, username).expect(404);
      await profile(server, username).expect(404);
    }
    await client.get('/api/auth/me').expect(401);
    await phone.client.get('/api/auth/me').expect(401);
    expect((await signIn(email).answer.expect(401)).body.message).toBe(Messages.invalidCredentials);
    expect((await db.query('select sid from account_sessions where user_id = $1', [user.id])).rows).toEqual([]);

    expect((await db.query('select id from links where owner_id = $1', [user.id])).rows).toEqual([]);
    const calendar = await db.query<{ n: string }>(
      `select (select count(*) from calendar_connections where creator_id = $1) + (select count(*) from calendar_busy_times where creator_id = $1)
            + (select count(*) from calendar_written_events where creator_id = $1) as n`,
      [user.id],
    );
    expect(Number(calendar.rows[0]!.n)).toBe(0);
    expect([avatar, background].map((url) => existsSync(join(objectsDir, url.replace('/objects/', ''))))).toEqual([false, false]);
    const subscriptions = await db.query<{ status: string }>(
      `select s.status from subscriptions s where s.user_id = $1
       union all select l.status from local_subscriptions l where l.user_id = $1`,
      [user.id],
    );
    expect(subscriptions.rows.map((row) => row.status)).toEqual(['canceled', 'canceled']);

    const tombstone = (await db.query('select * from users where id = $1', [user.id])).rows[0] as Record<string, unknown>;
    expect(tombstone).toMatchObject({
      email: expect.stringMatching(/^deleted-[0-9a-f]{32}@deleted\.invalid$/),
      username: expect.stringMatching(/^~[0-9a-z]+$/),
      display_name: 'Deleted account',
      password_hash: '',
      bio: null,
      avatar: null,
      background_image: null,
      paypal_email: null,
      enable_booking: false,
      is_premium: false,
      deleted_at: expect.any(Date),
    });
    const kept = await db.query<{ n: string }>(
      `select (select count(*) from bookings where creator_id = $1)
            + (select count(*) from ledger_entries where creator_id = $1)
            + (select count(*) from payouts where creator_id = $1) as n`,
      [user.id],
    );
    expect(Number(kept.rows[0]!.n)).toBe(bookings.length * 2 + 2);
    const payouts = await db.query('select id, status, destination from payouts where creator_id = $1 order by week', [user.id]);
    expect(payouts.rows).toEqual([
      { id: paidPayout, status: 'paid', destination: null },
      { id: pendingPayout, status: 'on_hold', destination: null },
    ]);
    const support = await db.query('select subject, message from support_requests where creator_id = $1', [user.id]);
    expect(support.rows).toEqual([{ subject: '[erased]', message: '[erased with the account]' }]);

    // The name stays unclaimable for 30 days, then is free; the e-mail address is free at once.
    const held = await agent(app).post('/api/auth/register').send(registration({ username })).expect(409);
    expect(held.body.message).toBe(AccountMessages.usernameHeld);
    const { rows: holds } = await db.query<{ days: number }>(
      "select round(extract(epoch from held_until - now()) / 86400)::int as days from username_holds where username = $1",
      [username],
    );
    expect(holds).toEqual([{ days: 30 }]);
    await agent(app).post('/api/auth/register').send(registration({ email })).expect(201);
    await db.query("update username_holds set held_until = now() - interval '1 second' where username = $1", [username]);
    // (Its old address belongs to the account just made.)
    await agent(app).post('/api/auth/register').send(registration({ username, email: `${unique('new')}@example.com` })).expect(201);
    for (const server of [app, reader]) await profile(server, username).expect(200);
  });

  it('refuses a wrong password, counted as password checks are, and changes nothing', async () => {
    const { client, details } = await signedInCreator(app);
    const before = await db.fingerprint();
    const wrong = await client.delete('/api/users/me').send({ password: 'wrong horse' }).expect(400);
    expect(wrong.body.message).toBe(DeletionMessages.passwordWrong);
    expect(await db.fingerprint()).toBe(before);
    for (let i = 1; i < 10; i += 1) await client.delete('/api/users/me').send({ password: 'wrong horse' }).expect(400);
    await client.delete('/api/users/me').set('X-Forwarded-For', uniqueIp()).send({ password: PASSWORD }).expect(429);
    await signIn(details.email).answer.expect(200);
  });

  describe('bad input', () => {
    let owner: Agent;
    let ownerId: string;

    beforeAll(async () => {
      const creator = await signedInCreator(app, { username: unique('del') });
      owner = creator.client;
      ownerId = creator.user.id;
    });

    const fingerprint = async () =>
      (
        await db.query<{ digest: string }>(
          `select md5(concat_ws('|', (select t::text from users t where id = $1),
             (select string_agg(sid, ',' order by sid) from account_sessions where user_id = $1))) as digest`,
          [ownerId],
        )
      ).rows[0]!.digest;

    const EVIL = { Origin: 'https://evil.example' };
    it.each([
      ['no body', undefined, {}, 400, Messages.passwordRequired],
      ['an empty password', { password: '' }, {}, 400, Messages.passwordRequired],
      ['a password that is no string', { password: 12345678 }, {}, 400, Messages.passwordRequired],
      ['a password too long to be one', { password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }, {}, 400, DeletionMessages.passwordWrong],
      ['a NUL in the password', { password: 'correct\u0000horse' }, {}, 400, undefined],
      ['an acknowledgement that is no boolean', { password: PASSWORD, acknowledgeUnpaidEarnings: 'yes' }, {}, 400, DeletionMessages.acknowledgeBoolean],
      ['an unknown field', { password: PASSWORD, username: 'x' }, {}, 400, Messages.unexpectedField('username')],
      ['broken JSON', '{"password":', { 'Content-Type': 'application/json' }, 400, undefined],
      ['another site', { password: PASSWORD }, EVIL, 403, Messages.crossSite],
      ['another site (Fetch metadata)', { password: PASSWORD }, { 'Sec-Fetch-Site': 'cross-site' }, 403, Messages.crossSite],
    ] as const)('DELETE with %s', async (_, body, headers, status, message) => {
      const before = await fingerprint();
      let call = owner.delete('/api/users/me').set('X-Forwarded-For', uniqueIp());
      for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
      const response = body === undefined ? await call : await call.send(body as never);
      expect([response.status, response.headers['content-type']]).toEqual([status, expect.stringMatching(/^application\/json/)]);
      expect(response.body).toMatchObject({ statusCode: status, message: message ?? expect.stringMatching(/\S/) });
      expect(await fingerprint()).toBe(before);
      await owner.get('/api/auth/me').expect(200);
    });

    it('answers 401 to a visitor who is not signed in', async () => {
      expect((await agent(app).delete('/api/users/me').send({ password: PASSWORD }).expect(401)).body.message).toBe(Messages.notSignedIn);
      expect((await agent(app).get('/api/users/me/deletion').expect(401)).body.message).toBe(Messages.notSignedIn);
    });
  });
});
