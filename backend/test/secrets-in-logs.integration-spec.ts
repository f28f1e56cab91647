import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ManageBookingUseCase } from '../src/modules/billing/application/manage-booking.use-case.js';
import { CalendarFeedUseCase } from '../src/modules/calendar-feed/application/calendar-feed.use-case.js';
import { LogCapture } from '../src/shared/testing/log-capture.js';
import { cookieOf, isAddressConfirmation, mailsTo, resetLinkIn, sidOf, textOf } from './support/account-security.js';
import { agent, basicAuth, signedInCreator, unique, uniqueIp, type Database } from './support/harness.js';
import { paidBookings } from './support/paid-bookings.js';
import { linesWithSecrets } from './support/secrets-never-logged.js';
import type { TestSmtp } from './support/smtp.js';
import { appWithMailbox } from './support/smtp.js';

/*
 * Issue 25, item 1: a secret in a path (a paid booking's manage token: /api/booking-manage/{token}… and the
 * page /booking/{token}) never reaches a log line or a metric label, whatever the answer (200, 400, 404, 409,
 * 500); nor do the secrets that travel in a query or a body (the reset and address-confirmation links'
 * tokens, a payment's client secret) or a cookie (the session id). Every request line is captured (debug).
 */
const OPERATOR = { user: 'ops', password: 'correct horse battery' };
const MANAGE_LINK = /\/booking\/([A-Za-z0-9_-]{43})/;
const CONFIRM_LINK = /verify-email\?token=([A-Za-z0-9_-]+)/;
/** Tokens of the right shape that match no booking, no reset and no confirmation. */
const UNKNOWN_TOKEN = 'Zz0_unknown-token-of-the-right-shape-0123456';

describe('secrets in paths, queries and bodies never reach the log or the metrics', () => {
  const capture = new LogCapture('debug');
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  /** Every secret the app handed out or took in this file. */
  const secrets = new Set<string>([UNKNOWN_TOKEN]);

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    ({ app, db, smtp, close } = await appWithMailbox('secret_paths', 'https://linkbio.example', {
      logger: capture.logger,
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  /** The request lines written, once the last one asked (by its id) is there. */
  async function linesUntil(id: string | string[] | undefined) {
    for (let i = 0; i < 200; i += 1) {
      if (capture.lines.some((line) => line.reqId === id)) return capture.lines;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no line for ${String(id)}`);
  }

  const metricsText = async () =>
    (
      await request(app.getHttpServer())
        .get('/metrics')
        .set('Authorization', basicAuth(OPERATOR.user, OPERATOR.password))
        .expect(200)
    ).text;

  function expectNoSecretIn(text: string) {
    expect(secrets.size).toBeGreaterThan(1);
    for (const secret of secrets) expect(text).not.toContain(secret);
  }

  it('drives every route with a token in its path, good and bad tokens, 200 to 500; logs and labels hold none', async () => {
    const fixtures = paidBookings(app, db);
    const owner = await fixtures.creator(true, { cancellationHours: 24 });
    const [first, second] = await fixtures.slotsOn(owner.details.username, 3);
    const paid = await fixtures.booking(owner.details.username, { slotStart: first });
    secrets.add(paid.clientSecret);
    const [receipt] = await mailsTo(smtp, paid.email, 1, 10_000, (mail) => MANAGE_LINK.test(textOf(mail)));
    const token = MANAGE_LINK.exec(textOf(receipt!))![1]!;
    secrets.add(token);
    const visitor = agent(app, uniqueIp());
    const manage = `/api/booking-manage/${token}`;

    await visitor.get(manage).expect(200);
    // The visitor's page: the dashboard app's, or a 404 where the app is not built.
    const page = await visitor.get(`/booking/${token}`);
    expect([200, 404]).toContain(page.status);
    await visitor.post(`${manage}/reschedule`).send({ slotStart: 'not a time' }).expect(400);
    await visitor.post(`${manage}/reschedule`).send({ slotStart: second }).expect(200);
    await visitor.post(`${manage}/reschedule`).send({ slotStart: first }).expect(409);
    await visitor.get(`${manage}/no-such-thing`).expect(404);
    await visitor.get(`/API/Booking-Manage/${token}`).expect(404);
    await visitor.get(`/api/booking-manage/${UNKNOWN_TOKEN}`).expect(404);
    await visitor.post(`/api/booking-manage/${UNKNOWN_TOKEN}/cancel`).expect(404);
    await visitor.get(`/booking/${UNKNOWN_TOKEN}`);

    // A failure nothing a client sends causes, its error quoting the token and the path (as a store's may).
    const use = app.get(ManageBookingUseCase);
    const failing = jest.spyOn(use, 'view').mockRejectedValueOnce(new Error(`no answer for ${token} (GET ${manage})`));
    try {
      await visitor.get(manage).expect(500);
    } finally {
      failing.mockRestore();
    }
    const cancelled = await visitor.post(`${manage}/cancel`).expect(200);
    await visitor.post(`${manage}/cancel`).expect(409);

    const lines = await linesUntil(cancelled.headers['x-request-id'] as string);
    const paths = lines
      .filter((line) => line.msg === 'request completed')
      .map((line) => `${String(line.status)} ${String(line.path)}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        '200 /api/booking-manage/[redacted]',
        `${page.status} /booking/[redacted]`,
        '400 /api/booking-manage/[redacted]/reschedule',
        '200 /api/booking-manage/[redacted]/reschedule',
        '409 /api/booking-manage/[redacted]/reschedule',
        '404 /api/booking-manage/[redacted]/no-such-thing',
        '404 /API/Booking-Manage/[redacted]',
        '404 /api/booking-manage/[redacted]/cancel',
        '500 /api/booking-manage/[redacted]',
        '200 /api/booking-manage/[redacted]/cancel',
        '409 /api/booking-manage/[redacted]/cancel',
      ]),
    );
    const failure = lines.find((line) => line.status === 500)!;
    expect(failure).toMatchObject({ level: 'error', route: '/api/booking-manage/:token' });
    expect((failure.err as { message: string }).message).toBe(
      'no answer for [redacted] (GET /api/booking-manage/[redacted])',
    );
    expectNoSecretIn(capture.text);
    // The suite-wide scan (every spec file's log) knows these secrets too: from the receipt and the answers.
    expect(linesWithSecrets(capture.raw)).toEqual([]);
    const planted = [
      JSON.stringify({ path: `/api/booking-manage/${token}`, msg: 'planted' }),
      JSON.stringify({ msg: paid.clientSecret }),
    ];
    expect(linesWithSecrets(planted)).toEqual([
      expect.stringContaining('a booking manage token'),
      expect.stringContaining('clientSecret'),
    ]);

    const metrics = await metricsText();
    expect(metrics).toContain('route="/api/booking-manage/:token/cancel"');
    expect(metrics).not.toContain('/booking/');
    expectNoSecretIn(metrics);
  });

  it("never writes a calendar feed's token, good, replaced, unknown or quoted by an error, nor labels a metric with it", async () => {
    capture.clear();
    const owner = await signedInCreator(app);
    const feedToken = (url: string) => /\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
    const old = feedToken(((await owner.client.get('/api/users/calendar-feed').expect(200)).body as { url: string }).url);
    const token = feedToken(((await owner.client.post('/api/users/calendar-feed/replace').expect(200)).body as { url: string }).url);
    secrets.add(old);
    secrets.add(token);
    const calendarApp = agent(app, uniqueIp());

    await calendarApp.get(`/calendar/${token}.ics`).expect(200);
    await calendarApp.head(`/calendar/${token}.ics`).expect(200);
    await calendarApp.get(`/calendar/${old}.ics`).expect(404);
    await calendarApp.get(`/calendar/${UNKNOWN_TOKEN}.ics`).expect(404);
    await calendarApp.get(`/Calendar/${token}.ics`).expect(404);
    const use = app.get(CalendarFeedUseCase);
    const failing = jest.spyOn(use, 'feed').mockRejectedValueOnce(new Error(`no sessions for ${token} (GET /calendar/${token}.ics)`));
    let last: string;
    try {
      last = (await calendarApp.get(`/calendar/${token}.ics`).expect(500)).headers['x-request-id'] as string;
    } finally {
      failing.mockRestore();
    }

    const lines = await linesUntil(last);
    const paths = lines.filter((line) => line.msg === 'request completed').map((line) => `${String(line.status)} ${String(line.path)}`);
    expect(paths).toEqual(
      expect.arrayContaining(['200 /calendar/[redacted]', '404 /calendar/[redacted]', '404 /Calendar/[redacted]', '500 /calendar/[redacted]']),
    );
    const failure = lines.find((line) => line.status === 500)!;
    expect(failure).toMatchObject({ level: 'error', route: '/calendar/:token.ics' });
    expect((failure.err as { message: string }).message).toBe('no sessions for [redacted] (GET /calendar/[redacted])');
    expectNoSecretIn(capture.text);
    expect(linesWithSecrets(capture.raw)).toEqual([]);
    expect(linesWithSecrets([JSON.stringify({ msg: `GET /calendar/${token}.ics` })])).toEqual([expect.stringContaining('a calendar feed token')]);

    const metrics = await metricsText();
    expect(metrics).toContain('route="/calendar/:token.ics"');
    expectNoSecretIn(metrics);
  });

  it('writes none of the tokens of the reset and address-confirmation links, good or bad, nor the session id', async () => {
    capture.clear();
    const email = `${unique('secret')}@example.com`;
    const client = agent(app);
    const registered = await client
      .post('/api/auth/register')
      .send({
        username: unique('sp'),
        email,
        password: 'first secret words',
        confirmPassword: 'first secret words',
        displayName: 'Secret',
      })
      .expect(201);
    const cookie = cookieOf(registered);
    secrets.add(sidOf(cookie));
    secrets.add(cookie.slice(cookie.indexOf('=') + 1));
    const [confirmation] = await mailsTo(smtp, email, 1, 10_000, isAddressConfirmation);
    const confirmToken = CONFIRM_LINK.exec(textOf(confirmation!))![1]!;
    secrets.add(confirmToken);

    await client.get(`/verify-email?token=${confirmToken}`);
    await client.post('/api/auth/email/verify').send({ token: UNKNOWN_TOKEN }).expect(400);
    await client.post('/api/auth/email/verify').send({ token: confirmToken }).expect(200);

    await agent(app).post('/api/auth/password-reset').send({ email }).expect(200);
    const { token: resetToken } = resetLinkIn(
      (await mailsTo(smtp, email, 1, 10_000, (mail) => /reset-password\?token=/.test(mail.raw)))[0]!,
    );
    secrets.add(resetToken);
    await agent(app).get(`/reset-password?token=${resetToken}`);
    await agent(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token: UNKNOWN_TOKEN, password: 'second secret words', confirmPassword: 'second secret words' })
      .expect(400);
    const reset = await agent(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token: resetToken, password: 'second secret words', confirmPassword: 'second secret words' })
      .expect(200);

    const lines = await linesUntil(reset.headers['x-request-id'] as string);
    expect(lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThanOrEqual(7);
    expectNoSecretIn(capture.text);
    expectNoSecretIn(await metricsText());
    expect(linesWithSecrets(capture.raw)).toEqual([]);
    const planted = [confirmToken, resetToken, sidOf(cookie)].map((secret) => JSON.stringify({ msg: `x ${secret} y` }));
    expect(linesWithSecrets(planted)).toEqual([
      expect.stringContaining('a token in a link'),
      expect.stringContaining('a token in a link'),
      expect.stringContaining('a session id'),
    ]);
  });
});
