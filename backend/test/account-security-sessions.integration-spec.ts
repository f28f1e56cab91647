import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AccountMessages, Messages, type SessionsView } from '@linkbio/shared-contracts';
import { Database, registration, startApp } from './support/harness.js';
import { cookieOf, sidOf } from './support/account-security.js';

/*
 * The signed-in devices of an account (issue 14) on a PostgreSQL-only install (sessions in http_sessions, no
 * Redis), served by two API processes on one database: a session ended through one process is refused at once
 * by the other. Sessions on Redis are ended the same way (account-security.integration-spec.ts).
 *
 * Rate-limit counters live in the shared rate_limits table here, so this spec uses client addresses of its own
 * (198.19.0.0/16), apart from the harness's and the sessions-on-postgres spec's.
 */
let lastAddress = 0;
const ownIp = () => {
  lastAddress += 1;
  return `198.19.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('signed-in devices on PostgreSQL, across two API processes', () => {
  let app: INestApplication;
  /** Stays up for the whole file: passport's strategies are process-wide (see sessions-on-postgres). */
  let otherProcess: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp({ redis: false });
    otherProcess = await startApp({ redis: false });
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await otherProcess?.close();
    await app?.close();
  });

  /** A call with exactly this Cookie header and browser, to one process or the other. */
  const call = (cookie: string, userAgent = FIREFOX_WINDOWS, on: INestApplication = app) => {
    const server = on.getHttpServer();
    const headers = (test: request.Test) =>
      test.set('X-Forwarded-For', ownIp()).set('Cookie', cookie).set('User-Agent', userAgent);
    return {
      me: () => headers(request(server).get('/api/auth/me')),
      list: () => headers(request(server).get('/api/auth/sessions')),
      end: (id: string) => headers(request(server).delete(`/api/auth/sessions/${id}`)),
      endOthers: () => headers(request(server).delete('/api/auth/sessions')),
    };
  };

  /** Signs the creator up (or in) from a new browser; answers its session cookie. */
  async function signIn(details: ReturnType<typeof registration>, userAgent: string, signUp = false): Promise<string> {
    const response = await request(app.getHttpServer())
      .post(signUp ? '/api/auth/register' : '/api/auth/login')
      .set('X-Forwarded-For', ownIp())
      .set('User-Agent', userAgent)
      .send(signUp ? details : { email: details.email, password: details.password })
      .expect(signUp ? 201 : 200);
    return cookieOf(response);
  }

  async function creatorOn(...userAgents: string[]) {
    const details = registration();
    const cookies = [await signIn(details, userAgents[0]!, true)];
    for (const userAgent of userAgents.slice(1)) cookies.push(await signIn(details, userAgent));
    return { details, cookies };
  }

  const listed = async (cookie: string, on?: INestApplication) =>
    ((await call(cookie, FIREFOX_WINDOWS, on).list().expect(200)).body as SessionsView).sessions;

  it('lists the account’s devices, most recently used first, in words, the asking one marked', async () => {
    const { cookies } = await creatorOn(FIREFOX_WINDOWS, CHROME_ANDROID);
    const [laptop, phone] = cookies as [string, string];

    const sessions = await listed(laptop);

    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        browser: 'Chrome on Android',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: false,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        browser: 'Firefox on Windows',
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: true,
      },
    ]);
    for (const session of sessions) expect(Math.abs(Date.parse(session.lastSeenAt) - Date.now())).toBeLessThan(60_000);
    const text = JSON.stringify(sessions);
    for (const cookie of cookies) expect(text).not.toContain(sidOf(cookie));
    // The laptop's list was its first request since signing in: its touch moved its "last seen" to the top.
    expect((await listed(phone, otherProcess)).map((s) => [s.browser, s.current])).toEqual([
      ['Firefox on Windows', false],
      ['Chrome on Android', true],
    ]);
  });

  it('ends another device: its cookie is refused at once by every process, and it is no longer listed', async () => {
    const { cookies } = await creatorOn(FIREFOX_WINDOWS, CHROME_ANDROID);
    const [laptop, phone] = cookies as [string, string];
    await call(phone, CHROME_ANDROID, otherProcess).me().expect(200);
    const phoneId = (await listed(laptop)).find((s) => !s.current)!.id;

    const ended = await call(laptop).end(phoneId).expect(200);

    expect(ended.body).toEqual({ message: AccountMessages.sessionEnded });
    await call(phone, CHROME_ANDROID, otherProcess).me().expect(401);
    await call(phone, CHROME_ANDROID).me().expect(401);
    await call(laptop).me().expect(200);
    expect((await listed(laptop)).map((s) => s.current)).toEqual([true]);
    expect((await db.query('select 1 from http_sessions where sid = $1', [sidOf(phone)])).rowCount).toBe(0);
    expect((await call(laptop).end(phoneId).expect(404)).body).toEqual({
      statusCode: 404,
      message: AccountMessages.sessionNotFound,
    });
  });

  it('refuses to end the asking session, which stays signed in', async () => {
    const { cookies } = await creatorOn(FIREFOX_WINDOWS);
    const [own] = await listed(cookies[0]!);

    const refused = await call(cookies[0]!).end(own!.id).expect(400);

    expect(refused.body).toEqual({ statusCode: 400, message: AccountMessages.cannotEndCurrentSession });
    await call(cookies[0]!).me().expect(200);
  });

  it('answers 404 for another account’s session, an unknown id and a malformed one, and the other session lives on', async () => {
    const alice = await creatorOn(FIREFOX_WINDOWS);
    const bob = await creatorOn(SAFARI_IPHONE);
    const [bobs] = await listed(bob.cookies[0]!);

    for (const id of [
      bobs!.id,
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      encodeURIComponent(sidOf(bob.cookies[0]!)),
      'x'.repeat(500),
    ]) {
      const response = await call(alice.cookies[0]!).end(id);
      expect([id, response.status, response.body]).toEqual([
        id,
        404,
        { statusCode: 404, message: AccountMessages.sessionNotFound },
      ]);
    }
    await call(bob.cookies[0]!, SAFARI_IPHONE).me().expect(200);
  });

  it('signs out everywhere else, keeping only this session', async () => {
    const { cookies } = await creatorOn(FIREFOX_WINDOWS, CHROME_ANDROID, SAFARI_IPHONE);
    const [laptop, phone, tablet] = cookies as [string, string, string];

    const ended = await call(laptop, FIREFOX_WINDOWS, otherProcess).endOthers().expect(200);

    expect(ended.body).toEqual({ message: AccountMessages.otherSessionsEnded });
    await call(phone).me().expect(401);
    await call(tablet).me().expect(401);
    await call(laptop).me().expect(200);
    expect((await listed(laptop)).map((s) => [s.browser, s.current])).toEqual([['Firefox on Windows', true]]);
  });

  it('forgets a device at sign-out, and leaves out one unused for 30 days', async () => {
    const { details, cookies } = await creatorOn(FIREFOX_WINDOWS, CHROME_ANDROID, SAFARI_IPHONE);
    const [laptop, phone, tablet] = cookies as [string, string, string];
    await request(app.getHttpServer())
      .post('/api/auth/logout')
      .set('X-Forwarded-For', ownIp())
      .set('Cookie', phone)
      .expect(200);
    await db.query("update account_sessions set last_seen_at = now() - interval '31 days' where sid = $1", [
      sidOf(tablet),
    ]);

    expect((await listed(laptop)).map((s) => s.browser)).toEqual(['Firefox on Windows']);
    const rows = async (cookie: string) =>
      (await db.query('select sid from account_sessions where sid = $1', [sidOf(cookie)])).rowCount;
    expect(await rows(phone)).toBe(0);
    // The next sign-in (this one, or another spec's running beside it) forgets rows unused for 30 days.
    await signIn(details, CHROME_ANDROID);
    expect(await rows(tablet)).toBe(0);
  });

  it('moves "last seen" when the store is touched, at most every ten minutes, not on every request', async () => {
    const { cookies } = await creatorOn(FIREFOX_WINDOWS);
    const sid = sidOf(cookies[0]!);
    const lastSeen = async () =>
      new Date(
        (await db.query<{ last_seen_at: Date }>('select last_seen_at from account_sessions where sid = $1', [sid]))
          .rows[0]!.last_seen_at,
      );
    const settle = async (until: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await until()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await db.query("update account_sessions set last_seen_at = now() - interval '1 hour' where sid = $1", [sid]);

    await call(cookies[0]!).me().expect(200);
    await settle(async () => Date.now() - (await lastSeen()).getTime() < 60_000);
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(60_000);

    await db.query("update account_sessions set last_seen_at = now() - interval '1 hour' where sid = $1", [sid]);
    for (let i = 0; i < 3; i += 1) await call(cookies[0]!).me().expect(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Date.now() - (await lastSeen()).getTime()).toBeGreaterThan(59 * 60_000);
  });

  it('lists a session it did not know (signed in before the list existed) from its first use on', async () => {
    const { cookies } = await creatorOn(FIREFOX_WINDOWS, CHROME_ANDROID);
    const [laptop, phone] = cookies as [string, string];
    await db.query('delete from account_sessions where sid = $1', [sidOf(phone)]);
    expect((await listed(laptop)).map((s) => s.browser)).toEqual(['Firefox on Windows']);

    // The other process has not touched this session yet: its first answer moves the session's expiry.
    await call(phone, CHROME_ANDROID, otherProcess).me().expect(200);

    const known = async () => (await listed(laptop)).map((s) => s.browser).sort();
    for (let i = 0; i < 100 && (await known()).length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await known()).toEqual(['Firefox on Windows', 'Unknown browser']);
  });

  it('answers 401 to every session call without a session', async () => {
    for (const response of [
      await call('').list(),
      await call('').endOthers(),
      await call('').end('00000000-0000-4000-8000-000000000000'),
    ]) {
      expect([response.status, response.body]).toEqual([401, { statusCode: 401, message: Messages.notSignedIn }]);
    }
  });
});
