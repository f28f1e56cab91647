import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Messages } from '@linkbio/shared-contracts';
import { ATTEMPT_LIMITS } from '../src/modules/identity/infrastructure/flexible-attempt.limiter.js';
import { agent, Database, registration, signedInCreator, startApp, unique } from './support/harness.js';

/**
 * Without REDIS_URL the API keeps sessions in the http_sessions table and its attempt counters in the
 * rate_limits table. Those tables are shared by every spec of the run, so this spec uses client addresses
 * of its own (198.18.0.0/15, the benchmarking range) rather than the harness's 10.x addresses.
 */
let lastAddress = 0;
const ownIp = () => {
  lastAddress += 1;
  return `198.18.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

interface HttpResponse {
  headers: Record<string, string | string[] | undefined>;
}

/** The session id inside the signed `linkbio.sid=s:<sid>.<signature>` cookie of a response. */
function sessionIdOf(response: HttpResponse): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith('linkbio.sid='));
  if (!line) throw new Error('expected a linkbio.sid cookie');
  const value = decodeURIComponent(line.split(';')[0]!.slice('linkbio.sid='.length));
  expect(value.startsWith('s:')).toBe(true);
  return value.slice(2, value.lastIndexOf('.'));
}

function cookieOf(response: HttpResponse): string {
  const header = response.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header ?? '']).find((l) => l.startsWith('linkbio.sid='))!.split(';')[0]!;
}

describe('sessions and attempt limits on PostgreSQL (no Redis)', () => {
  let app: INestApplication;
  /**
   * A second API process on the same database. It stays up for the whole file: passport's strategies are
   * process-wide, so closing one of two apps in a process would leave the other signing in through a
   * closed connection pool.
   */
  let secondProcess: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp({ redis: false });
    secondProcess = await startApp({ redis: false });
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await secondProcess.close();
    await app.close();
  });

  const sessionRow = async (sid: string) =>
    (
      await db.query<{
        sess: { passport?: { user?: string }; cookie: { httpOnly: boolean; sameSite: string } };
        expire: Date;
      }>('select sess, expire from http_sessions where sid = $1', [sid])
    ).rows[0];
  const counter = async (key: string) =>
    (await db.query<{ points: number; expire: string }>('select points, expire from rate_limits where key = $1', [key]))
      .rows[0];
  const me = (cookie: string) =>
    request(app.getHttpServer()).get('/api/auth/me').set('X-Forwarded-For', ownIp()).set('Cookie', cookie);

  it('keeps a sign-in in the http_sessions table across requests', async () => {
    const client = agent(app, ownIp());
    const details = registration();
    const registered = await client.post('/api/auth/register').send(details).expect(201);
    const sid = sessionIdOf(registered);

    const row = await sessionRow(sid);
    expect(row).toBeDefined();
    expect(row!.sess.passport?.user).toBe(registered.body.id);
    expect(row!.sess.cookie).toMatchObject({ httpOnly: true, sameSite: 'lax' });
    const days = (new Date(row!.expire).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);

    for (let i = 0; i < 3; i += 1) {
      const own = await client.get('/api/auth/me').expect(200);
      expect(own.body).toMatchObject({ id: registered.body.id, username: details.username });
    }
    // Every API process shares the session: another one on the same database knows it.
    const elsewhere = await request(secondProcess.getHttpServer())
      .get('/api/auth/me')
      .set('X-Forwarded-For', ownIp())
      .set('Cookie', cookieOf(registered))
      .expect(200);
    expect(elsewhere.body.id).toBe(registered.body.id);
  });

  it('replaces the session row on login and deletes it on logout', async () => {
    const client = agent(app, ownIp());
    const details = registration();
    const registered = await client.post('/api/auth/register').send(details).expect(201);
    const first = sessionIdOf(registered);
    expect(await sessionRow(first)).toBeDefined();

    const loggedIn = await client
      .post('/api/auth/login')
      .send({ email: details.email, password: details.password })
      .expect(200);
    const second = sessionIdOf(loggedIn);
    expect(second).not.toBe(first);
    expect(await sessionRow(first)).toBeUndefined();
    expect((await sessionRow(second))!.sess.passport?.user).toBe(registered.body.id);
    await me(cookieOf(registered)).expect(401);

    const saved = cookieOf(loggedIn);
    await client.post('/api/auth/logout').expect(200);
    expect(await sessionRow(second)).toBeUndefined();
    const replay = await me(saved).expect(401);
    expect(replay.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
  });

  it('stores no session for a visitor or a failed login, and one per signed-in device', async () => {
    const { details, user } = await signedInCreator(app);
    const sessionsOf = async (userId: string) =>
      Number(
        (
          await db.query<{ n: string }>(
            "select count(*) as n from http_sessions where sess->'passport'->>'user' = $1",
            [userId],
          )
        ).rows[0]!.n,
      );
    expect(await sessionsOf(user.id)).toBe(1);

    const visitor = await agent(app, ownIp()).get('/api/auth/me').expect(401);
    expect(visitor.headers['set-cookie']).toBeUndefined();
    const failed = await agent(app, ownIp())
      .post('/api/auth/login')
      .send({ email: details.email, password: 'wrong password' })
      .expect(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(user.id)).toBe(1);

    const phone = agent(app, ownIp());
    await phone.post('/api/auth/login').send({ email: details.email, password: details.password }).expect(200);
    expect(await sessionsOf(user.id)).toBe(2);
    await phone.post('/api/auth/logout').expect(200);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('limits login per e-mail in the rate_limits table, and leaves other e-mails alone', async () => {
    const { perEmail, windowSeconds } = ATTEMPT_LIMITS.login;
    const target = await signedInCreator(app);
    const bystander = await signedInCreator(app);
    const ip = ownIp();
    for (let i = 0; i < perEmail; i += 1) {
      await agent(app, ip)
        .post('/api/auth/login')
        .send({ email: target.details.email, password: 'wrong password' })
        .expect(401);
    }
    const row = await counter(`login_email:${target.details.email.toLowerCase()}`);
    expect(row?.points).toBe(perEmail);
    expect(Number(row!.expire)).toBeGreaterThan(Date.now());

    const blocked = await agent(app, ip)
      .post('/api/auth/login')
      .send({ email: target.details.email, password: target.details.password });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(blocked.body).toEqual({ statusCode: 429, message: Messages.tooManyAttempts(Math.ceil(retryAfter / 60)) });
    expect(blocked.headers['set-cookie']).toBeUndefined();

    await agent(app, ip)
      .post('/api/auth/login')
      .send({ email: bystander.details.email, password: bystander.details.password })
      .expect(200);
    // The IP counter counted every attempt, the refused one included.
    expect((await counter(`login_ip:${ip}`))?.points).toBe(perEmail + 2);
  });

  it('limits login per client address in the rate_limits table, and leaves other addresses alone', async () => {
    const { perIp } = ATTEMPT_LIMITS.login;
    const { details } = await signedInCreator(app);
    const ip = ownIp();
    for (let i = 0; i < perIp; i += 1) {
      await agent(app, ip)
        .post('/api/auth/login')
        .send({ email: `${unique('guess')}@example.com`, password: 'guessed password' })
        .expect(401);
    }
    const blocked = await agent(app, ip)
      .post('/api/auth/login')
      .send({ email: details.email, password: details.password })
      .expect(429);
    expect(blocked.body.message).toBe(Messages.tooManyAttempts(Math.ceil(Number(blocked.headers['retry-after']) / 60)));
    await agent(app, ownIp())
      .post('/api/auth/login')
      .send({ email: details.email, password: details.password })
      .expect(200);
  });

  it('deletes the e-mail counter after a successful login', async () => {
    const { details } = await signedInCreator(app);
    const key = `login_email:${details.email.toLowerCase()}`;
    await agent(app, ownIp())
      .post('/api/auth/login')
      .send({ email: details.email, password: 'wrong password' })
      .expect(401);
    await agent(app, ownIp())
      .post('/api/auth/login')
      .send({ email: details.email, password: 'wrong password' })
      .expect(401);
    expect((await counter(key))?.points).toBe(2);
    await agent(app, ownIp())
      .post('/api/auth/login')
      .send({ email: details.email, password: details.password })
      .expect(200);
    expect(await counter(key)).toBeUndefined();
  });

  it('limits registration per client address in the rate_limits table', async () => {
    const { perIp } = ATTEMPT_LIMITS.register;
    const ip = ownIp();
    for (let i = 0; i < perIp; i += 1) {
      await agent(app, ip).post('/api/auth/register').send(registration()).expect(201);
    }
    expect((await counter(`register_ip:${ip}`))?.points).toBe(perIp);
    const refused = registration();
    const blocked = await agent(app, ip).post('/api/auth/register').send(refused).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await db.query('select 1 from users where username = $1', [refused.username])).rowCount).toBe(0);
    await agent(app, ownIp()).post('/api/auth/register').send(refused).expect(201);
  });

  it('counts the longest valid e-mail addresses without failing', async () => {
    // 254 characters: prefix and address would not fit the 255-character key column as they are.
    const local = unique('l').padEnd(64, 'x');
    const email = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email).toHaveLength(254);
    const login = await agent(app, ownIp()).post('/api/auth/login').send({ email, password: 'whatever password' });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ statusCode: 401, message: Messages.invalidCredentials });
    const details = registration({ email });
    await agent(app, ownIp()).post('/api/auth/register').send(details).expect(201);
    await agent(app, ownIp()).post('/api/auth/login').send({ email, password: details.password }).expect(200);
  });
});
