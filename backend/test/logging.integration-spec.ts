import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { ConsoleLogger, Logger } from '@nestjs/common';
import { createWorker } from '../src/create-worker.js';
import { QuietStartupLogger } from '../src/shared/quiet-startup-logger.js';
import { LogCapture, type LogLine } from '../src/shared/testing/log-capture.js';
import { cookieOf, mailsTo, resetLinkIn, sidOf } from './support/account-security.js';
import { agent, analyticsSettled, signedInCreator, testEnv, unique, type Database } from './support/harness.js';
import { appWithMailbox, type TestSmtp } from './support/smtp.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const card = (clientSecret: string, cardNumber: string) => ({ clientSecret, cardNumber, expiry: '12/34', cvc: '123', name: 'Ada' });

/**
 * Structured logs over HTTP, PostgreSQL, Redis and a real SMTP server: one JSON line per request, with its id
 * (given or made, echoed), route pattern, status, duration and the signed-in creator's id, for the requests
 * answered before Express as for the others; never a password, token, session cookie, card number or whole
 * e-mail address; the worker's line per job.
 */
describe('structured logs', () => {
  const capture = new LogCapture('debug');
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, db, smtp, close } = await appWithMailbox('logging', 'https://linkbio.example', { logger: capture.logger }));
  });

  afterAll(async () => {
    await close?.();
  });

  /** The line of the request with this id, once written (just after its response is closed). */
  const lineOf = async (id: string | undefined): Promise<LogLine> => {
    expect(id).toEqual(expect.any(String));
    for (let i = 0; i < 200; i += 1) {
      const line = capture.lines.find((l) => l.reqId === id && l.msg === 'request completed');
      if (line) return line;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no request line for ${id}`);
  };

  it('gives each request an id, echoed in X-Request-Id; honours a plain incoming one and replaces one that is not', async () => {
    const made = await agent(app).get('/api/health');
    expect(made.headers['x-request-id']).toMatch(UUID);
    const given = await agent(app).get('/api/config').set('X-Request-Id', 'edge-7f3a.01:abc').expect(200);
    expect(given.headers['x-request-id']).toBe('edge-7f3a.01:abc');
    expect(await lineOf('edge-7f3a.01:abc')).toEqual(expect.objectContaining({ method: 'GET', path: '/api/config', status: 200 }));
    const unsafe = await agent(app).get('/api/config').set('X-Request-Id', `${'x'.repeat(129)}`).expect(200);
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
    const forged = await agent(app).get('/api/config').set('X-Request-Id', 'a"b{c}').expect(200);
    expect(forged.headers['x-request-id']).toMatch(UUID);
    expect(capture.text).not.toContain('a"b{c}');
    // Health checks are asked over and over by machines: their lines are at debug.
    expect((await lineOf(made.headers['x-request-id'])).level).toBe('debug');
  });

  it('logs route, status, duration and user id for signed-in requests, Express and fast path alike, and public pages', async () => {
    const creator = await signedInCreator(app);
    const created = await creator.client.post('/api/links').send({ title: 'Shop', url: 'https://shop.example.com', order: 0 }).expect(201);
    const link = created.body as { id: string };
    const express = await lineOf(created.headers['x-request-id']);
    expect(express).toEqual(expect.objectContaining({ level: 'info', method: 'POST', path: '/api/links', route: '/api/links', status: 201, userId: creator.user.id }));
    expect(express.durationMs).toEqual(expect.any(Number));

    // GET /api/links with a session is answered before Express (the signed-in fast path).
    const read = await creator.client.get('/api/links').expect(200);
    expect(await lineOf(read.headers['x-request-id'])).toEqual(
      expect.objectContaining({ method: 'GET', path: '/api/links', route: '/api/links', status: 200, userId: creator.user.id, durationMs: expect.any(Number) }),
    );

    const visitor = agent(app).set('User-Agent', BROWSER);
    const page = await visitor.get(`/${creator.details.username}?utm_source=mail`).expect(200);
    const pageLine = await lineOf(page.headers['x-request-id']);
    // The visitors' hot paths answered well are at debug (thousands a second on a viral page); a miss is at info.
    expect(pageLine).toEqual(expect.objectContaining({ level: 'debug', method: 'GET', path: `/${creator.details.username}`, route: '/:username', status: 200 }));
    expect(pageLine.userId).toBeUndefined();
    const click = await visitor.post(`/api/links/${link.id}/click`).set('X-Request-Id', `click-${link.id}`).expect(200);
    expect(click.headers['x-request-id']).toBe(`click-${link.id}`);
    expect(await lineOf(`click-${link.id}`)).toEqual(expect.objectContaining({ level: 'debug', method: 'POST', route: '/api/links/:id/click', status: 200 }));
    const missing = await visitor.get(`/${unique('nobody')}`).expect(404);
    expect(await lineOf(missing.headers['x-request-id'])).toEqual(expect.objectContaining({ level: 'info', route: '/:username', status: 404 }));
  });

  it('writes no password, reset token, session cookie, card number or whole e-mail address', async () => {
    capture.clear();
    const email = `${unique('logged')}@example.com`;
    const client = agent(app);
    const registered = await client
      .post('/api/auth/register')
      .send({ username: unique('lg'), email, password: 'first secret words', confirmPassword: 'first secret words', displayName: 'Logged' })
      .expect(201);
    const cookie = cookieOf(registered);
    await agent(app).post('/api/auth/login').send({ email, password: 'first secret words' }).expect(200);
    await client
      .post('/api/auth/password')
      .send({ currentPassword: 'first secret words', newPassword: 'second secret words', confirmPassword: 'second secret words' })
      .expect(200);
    await agent(app).post('/api/auth/password-reset').send({ email }).expect(200);
    const { token } = resetLinkIn((await mailsTo(smtp, email, 1, 10_000, (mail) => /reset-password\?token=/.test(mail.raw)))[0]!);
    await agent(app).post('/api/auth/password-reset/confirm').send({ token, password: 'third secret words', confirmPassword: 'third secret words' }).expect(200);

    // A booking paid with a card, as a visitor pays it.
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '20' }).expect(200);
    const customerEmail = `${unique('customer')}@example.com`;
    const booked = await agent(app)
      .post(`/api/users/${creator.details.username}/book`)
      .send({ customerName: 'Ada Lovelace', customerEmail, customerPhone: '+1 555 0100' })
      .expect(201);
    const { clientSecret } = booked.body as { clientSecret: string };
    const paid = await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, '4242 4242 4242 4242')).expect(200);
    await lineOf(paid.headers['x-request-id']);
    await new Promise((r) => setTimeout(r, 200)); // the mails and the jobs they cause

    const text = capture.text;
    expect(capture.lines.filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(9);
    for (const secret of ['first secret words', 'second secret words', 'third secret words', token, clientSecret]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(cookie.slice(cookie.indexOf('=') + 1));
    expect(text).not.toContain(sidOf(cookie));
    expect(text).not.toContain('4242 4242 4242 4242');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain(email);
    expect(text).not.toContain(customerEmail);
    expect(await db.query('select 1')).toBeDefined();
  });

  it('writes no request line at info when the level is warn', async () => {
    capture.logger.level = 'warn';
    try {
      capture.clear();
      const creator = await signedInCreator(app);
      await creator.client.get('/api/links').expect(200);
      await agent(app).get(`/${creator.details.username}`).expect(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(capture.lines.filter((l) => l.level === 'info')).toEqual([]);
    } finally {
      capture.logger.level = 'info';
    }
  });

  describe('the worker', () => {
    let worker: INestApplicationContext;

    beforeAll(async () => {
      Logger.overrideLogger(new QuietStartupLogger(capture.logger));
      worker = await createWorker(await testEnv());
    });

    afterAll(async () => {
      await worker?.close();
      Logger.overrideLogger(new ConsoleLogger());
    });

    it('logs each job it runs: queue, job, id, attempt, outcome and duration', async () => {
      capture.clear();
      const creator = await signedInCreator(app);
      await agent(app).set('User-Agent', BROWSER).get(`/${creator.details.username}`).expect(200);
      await analyticsSettled(app);
      // The line is written just after the run (lines are written once per event-loop turn).
      const analyticsLines = () => capture.lines.filter((l) => l.msg === 'job completed' && l.queue === 'analytics');
      for (let i = 0; i < 100 && analyticsLines().length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      const jobs = analyticsLines();
      expect(jobs.length).toBeGreaterThanOrEqual(1);
      expect(jobs[0]).toEqual(
        expect.objectContaining({ level: 'info', context: 'Worker', queue: 'analytics', job: expect.any(String), jobId: expect.any(String), attempt: 1, outcome: 'completed', durationMs: expect.any(Number) }),
      );
    });
  });
});
