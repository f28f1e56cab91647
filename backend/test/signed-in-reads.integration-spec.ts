import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { Messages } from '@linkbio/shared-contracts';
import { SessionSerializer } from '../src/modules/identity/infrastructure/session.serializer.js';
import { Database, signedInCreator, startApp, uniqueIp } from './support/harness.js';
import { attributesOf, cookieOf, setCookieLine, sidOf } from './support/account-security.js';

/*
 * The dashboard's signed-in reads (GET /api/auth/me, /api/links, /api/analytics) are answered before Express
 * (issue 13): the same answer as the full pipeline, byte for byte, without passport's per-request work. A GET
 * carrying a body goes the full way, which gives each read's Express answer to compare with.
 */
const READS = ['/api/auth/me', '/api/links', '/api/analytics'];
const SECURITY_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

describe('signed-in reads answered before Express', () => {
  let app: INestApplication;
  let db: Database;
  let redis: Redis;
  let serializer: SessionSerializer;

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
    redis = new Redis(process.env.REDIS_URL!);
    serializer = app.get(SessionSerializer);
  });

  afterAll(async () => {
    redis.disconnect();
    await db?.close();
    await app?.close();
  });

  afterEach(() => jest.restoreAllMocks());

  /** A creator with a link, and a function making calls with exactly their session cookie. */
  async function creatorWithLink() {
    const creator = await signedInCreator(app);
    await creator.client.post('/api/links').send({ title: 'Shop', url: 'https://example.com/shop' }).expect(201);
    const signIn = await creator.client.post('/api/auth/login').send({ email: creator.details.email, password: creator.details.password }).expect(200);
    const cookie = cookieOf(signIn);
    const ip = uniqueIp();
    const get = (path: string) => request(app.getHttpServer()).get(path).set('X-Forwarded-For', ip).set('Cookie', cookie);
    return { ...creator, cookie, get };
  }

  it.each(READS)('answers GET %s as the full pipeline does, without passport loading the session', async (path) => {
    const { get } = await creatorWithLink();
    const deserialize = jest.spyOn(serializer, 'deserializeUser');

    const fast = await get(path).expect(200);
    expect(deserialize).not.toHaveBeenCalled();
    const full = await get(path).set('Content-Type', 'application/json').send({}).expect(200);
    expect(deserialize).toHaveBeenCalledTimes(1);

    expect(fast.text).toBe(full.text);
    expect(fast.headers.etag).toBe(full.headers.etag);
    for (const header of ['content-type', 'vary', ...SECURITY_HEADERS]) expect([header, fast.headers[header]]).toEqual([header, full.headers[header]]);
    const [fastCookie, fullCookie] = [fast, full].map((response) => setCookieLine(response, 'linkbio.sid')!);
    expect(fastCookie.split(';')[0]).toBe(fullCookie.split(';')[0]);
    const { expires: fastExpires, ...fastRest } = attributesOf(fastCookie);
    const { expires: fullExpires, ...fullRest } = attributesOf(fullCookie);
    expect(fastRest).toEqual(fullRest);
    // The cookie rolls thirty days forward on every answer, as express-session's `rolling` does.
    expect(Math.abs(Date.parse(fastExpires!) - Date.parse(fullExpires!))).toBeLessThan(5000);
    expect(Date.parse(fastExpires!) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('keeps a session begun over HTTPS Secure, and sends it over HTTPS only, as express-session does', async () => {
    const { details } = await signedInCreator(app);
    const ip = uniqueIp();
    const signIn = await request(app.getHttpServer())
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .set('X-Forwarded-Proto', 'https')
      .send({ email: details.email, password: details.password })
      .expect(200);
    const cookie = cookieOf(signIn);
    const get = (proto: string) => request(app.getHttpServer()).get('/api/links').set('X-Forwarded-For', ip).set('X-Forwarded-Proto', proto).set('Cookie', cookie);
    for (const proto of ['https', 'http']) {
      const fast = await get(proto).expect(200);
      const full = await get(proto).set('Content-Type', 'application/json').send({}).expect(200);
      const attributes = [fast, full].map((response) => {
        const line = setCookieLine(response, 'linkbio.sid');
        return line === undefined ? null : Object.keys(attributesOf(line)).sort();
      });
      expect(attributes[0]).toEqual(proto === 'https' ? ['expires', 'httponly', 'path', 'samesite', 'secure'] : null);
      expect(attributes[0]).toEqual(attributes[1]);
    }
  });

  it('answers 304 to a copy still current, and the fresh answer once the links change', async () => {
    const { get, client } = await creatorWithLink();
    const first = await get('/api/links').expect(200);
    const again = await get('/api/links').set('If-None-Match', first.headers.etag!).expect(304);
    expect(again.text).toBe('');
    expect(setCookieLine(again, 'linkbio.sid')).toBeDefined();

    await client.post('/api/links').send({ title: 'Blog', url: 'https://example.com/blog' }).expect(201);
    const changed = await get('/api/links').set('If-None-Match', first.headers.etag!).expect(200);
    expect((changed.body as Array<{ title: string }>).map((link) => link.title).sort()).toEqual(['Blog', 'Shop']);
  });

  it('compresses a long list as the compression middleware would', async () => {
    const { get, client, user, cookie } = await creatorWithLink();
    await db.makePremium(user.id);
    for (let i = 0; i < 30; i += 1) await client.post('/api/links').send({ title: `Link number ${i}`, url: `https://example.com/${i}` }).expect(201);

    const plain = await get('/api/links').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text.length).toBeGreaterThan(4096);
    for (const encoding of ['br', 'gzip']) {
      // supertest decodes the body by its Content-Encoding.
      const compressed = await request(app.getHttpServer()).get('/api/links').set('Cookie', cookie).set('Accept-Encoding', encoding).expect(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(Number(compressed.headers['content-length'])).toBeLessThan(plain.text.length / 2);
      expect(compressed.text).toBe(plain.text);
      expect(compressed.headers.etag).toBe(plain.headers.etag);
    }
  });

  it.each([
    ['no session cookie', () => ''],
    ['a cookie signed with another secret', (cookie: string) => cookie.replace(/\.[^.]+$/, '.forged0signature0forged0signature0forged')],
    ['a session id the store does not know', () => 'linkbio.sid=s%3Aunknown-session.x'],
  ])('answers 401 to %s, through the full pipeline', async (_case, cookieFor) => {
    const { cookie } = await creatorWithLink();
    for (const path of READS) {
      const response = await request(app.getHttpServer()).get(path).set('X-Forwarded-For', uniqueIp()).set('Cookie', cookieFor(cookie)).expect(401);
      expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
    }
  });

  it('refuses a signed-out session and a deleted account at once', async () => {
    const signedOut = await creatorWithLink();
    await signedOut.get('/api/links').expect(200);
    await request(app.getHttpServer()).post('/api/auth/logout').set('X-Forwarded-For', uniqueIp()).set('Cookie', signedOut.cookie).send({}).expect(200);
    for (const path of READS) await signedOut.get(path).expect(401);

    const deleted = await creatorWithLink();
    await deleted.get('/api/auth/me').expect(200);
    // The account is gone before its sessions' ending reaches the store: the session is signed in to nothing.
    await db.query('update users set deleted_at = now() where id = $1', [deleted.user.id]);
    for (const path of READS) await deleted.get(path).expect(401);
  });

  it('moves the session’s expiry in the store, as a signed-in answer through Express does', async () => {
    const { get, cookie } = await creatorWithLink();
    const key = (await redis.keys(`*sess:${sidOf(cookie)}`))[0]!;
    await redis.pexpire(key, 60_000);
    await get('/api/analytics').expect(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await redis.pttl(key)).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});
