import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import request from 'supertest';
import { sessionSecrets } from '../src/config/env.js';
import { createApp } from '../src/create-app.js';
import { PostgresTwoFactorStore } from '../src/modules/identity/infrastructure/postgres-two-factor.store.js';
import { totpCode } from '../src/modules/identity/testing/totp-code.js';
import { registration, testDatabaseUrl, testEnv, uniqueIp } from './support/harness.js';

/*
 * Rotating SESSION_SECRET without signing anyone out: the API started with "new,old" keeps the sessions,
 * device cookies and two-factor secrets made under the old secret, and signs and seals anew with the new one;
 * once only the new secret is left, what was made under the old one alone is refused.
 */
const OLD = 'the-old-session-secret-0123456789abcdefghij';
const NEW = 'the-new-session-secret-0123456789abcdefghij';

async function appWith(secret: string): Promise<INestApplication> {
  const env = await testEnv();
  env.SESSION_SECRET = secret;
  const app = await createApp(env);
  await app.init();
  return app;
}

const sessionCookieOf = (response: request.Response): string => {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const session = cookies.find((cookie) => cookie.startsWith('linkbio.sid='));
  if (!session) throw new Error(`No session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0]!;
};

describe('rotating SESSION_SECRET', () => {
  const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
  const ip = uniqueIp();
  const details = registration();
  let oldCookie: string;
  let totpSecret: string;
  let sealedUnderOld: string;

  afterAll(() => pool.end());

  const sealedSecret = async (): Promise<string> =>
    (await pool.query<{ secret: string }>('select t.secret from two_factor t join users u on u.id = t.user_id where u.email = $1', [details.email]))
      .rows[0]!.secret;

  /** Signs in with the password and the code of the next time step (enabling used this one); the new session's cookie. */
  async function signIn(app: INestApplication): Promise<string> {
    const client = request.agent(app.getHttpServer()).set('X-Forwarded-For', ip);
    const first = await client.post('/api/auth/login').send({ email: details.email, password: details.password }).expect(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    const second = await client.post('/api/auth/2fa/verify').send({ code: totpCode(totpSecret, new Date(), 1) }).expect(200);
    return sessionCookieOf(second);
  }

  beforeAll(async () => {
    const app = await appWith(OLD);
    try {
      const server = app.getHttpServer();
      oldCookie = sessionCookieOf(await request(server).post('/api/auth/register').set('X-Forwarded-For', ip).send(details).expect(201));
      const setup = await request(server).post('/api/auth/2fa/setup').set('Cookie', oldCookie).send({}).expect(200);
      totpSecret = setup.body.secret as string;
      await request(server).post('/api/auth/2fa/enable').set('Cookie', oldCookie).send({ code: totpCode(totpSecret, new Date()) }).expect(200);
      sealedUnderOld = await sealedSecret();
    } finally {
      await app.close();
    }
  });

  it('keeps everyone signed in while both secrets are listed, newest first, and signs new sessions with the new one', async () => {
    const app = await appWith(`${NEW},${OLD}`);
    let newCookie: string;
    try {
      const server = app.getHttpServer();
      // Answered before Express (the signed-in reads) and through it (express-session and passport).
      await request(server).get('/api/auth/me').set('Cookie', oldCookie).expect(200);
      expect((await request(server).get('/api/auth/2fa').set('Cookie', oldCookie).expect(200)).body).toMatchObject({ enabled: true });
      // Reading the two-factor state sealed it again, with the new secret.
      expect(await sealedSecret()).not.toBe(sealedUnderOld);
      newCookie = await signIn(app);
    } finally {
      await app.close();
    }

    const afterRotation = await appWith(NEW);
    try {
      const server = afterRotation.getHttpServer();
      await request(server).get('/api/auth/me').set('Cookie', newCookie).expect(200);
      await request(server).get('/api/links').set('Cookie', newCookie).expect(200);
      // A session signed only with the secret taken out of the list is no longer one.
      await request(server).get('/api/auth/me').set('Cookie', oldCookie).expect(401);
      await request(server).get('/api/links').set('Cookie', oldCookie).expect(401);
      // The two-factor secret opens with the new secret alone (reading the state opens it).
      expect((await request(server).get('/api/auth/2fa').set('Cookie', newCookie).expect(200)).body).toMatchObject({ enabled: true });
    } finally {
      await afterRotation.close();
    }
  });

  it('seals every two-factor secret anew at once (npm run ops -- secrets:reseal), counting those it changed', async () => {
    const userId = (await pool.query<{ id: string }>('select id from users where email = $1', [details.email])).rows[0]!.id;
    const before = new PostgresTwoFactorStore(pool, sessionSecrets({ SESSION_SECRET: OLD }));
    await pool.query('update two_factor set enabled_at = null where user_id = $1', [userId]);
    await before.startSetup(userId, 'JBSWY3DPEHPK3PXP', new Date());

    const rotating = new PostgresTwoFactorStore(pool, sessionSecrets({ SESSION_SECRET: `${NEW}, ${OLD}` }));
    expect((await rotating.resealAll()).resealed).toBeGreaterThanOrEqual(1);
    expect((await rotating.resealAll()).resealed).toBe(0);
    const after = new PostgresTwoFactorStore(pool, [NEW]);
    expect((await after.state(userId))?.secret).toBe('JBSWY3DPEHPK3PXP');
    await expect(new PostgresTwoFactorStore(pool, [OLD]).state(userId)).rejects.toThrow('sealed with a key no secret in SESSION_SECRET gives');
  });
});
