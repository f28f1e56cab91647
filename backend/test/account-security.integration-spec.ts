import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AccountMessages, Messages } from '@linkbio/shared-contracts';
import { ATTEMPT_LIMITS } from '../src/modules/identity/infrastructure/flexible-attempt.limiter.js';
import { agent, registration, unique, uniqueIp, type Agent, type Database } from './support/harness.js';
import {
  attributesOf,
  cookieOf,
  isAddressConfirmation,
  mailsTo as allMailsTo,
  resetLinkIn,
  setCookieLine,
  spread,
  textOf,
} from './support/account-security.js';
import { appWithMailbox, type TestSmtp } from './support/smtp.js';

/*
 * Issue 14 over HTTP, PostgreSQL and Redis: changing the password ends the account's other sessions; a
 * forgotten password is reset through a link e-mailed to a real SMTP server (smtp-server), with the same answer
 * for every address; and guesses from elsewhere never lock the owner's own browser out (device cookies).
 */

const PUBLIC_URL = 'https://linkbio.test';
/** The password's mails to an address, leaving out the confirmation of the address every sign-up gets. */
const mailsTo = (smtp: TestSmtp, email: string, count = 1) =>
  allMailsTo(smtp, email, count, 10_000, (mail) => !isAddressConfirmation(mail));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('account security over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // A database of its own: every sign-up mails a link, and another spec file's API sending the shared
    // outbox would take this file's mails to its own mail server.
    ({ app, db, smtp, close } = await appWithMailbox('account_security', PUBLIC_URL));
  });

  afterAll(() => close?.());

  /** A request carrying exactly this Cookie header, from an address of its own. */
  const me = (cookie: string) =>
    request(app.getHttpServer()).get('/api/auth/me').set('X-Forwarded-For', uniqueIp()).set('Cookie', cookie);
  const login = (client: Agent, email: string, password: string) =>
    client.post('/api/auth/login').send({ email, password });
  const passwordHashOf = async (email: string) =>
    (await db.query<{ password_hash: string }>('select password_hash from users where email = $1', [email])).rows[0]!
      .password_hash;

  /** A creator signed up from one browser, and signed in from a second one. */
  async function creatorOnTwoBrowsers() {
    const details = registration();
    const laptop = agent(app);
    const signedUp = await laptop.post('/api/auth/register').send(details).expect(201);
    const phone = agent(app);
    const signedIn = await login(phone, details.email, details.password).expect(200);
    return { details, laptop, phone, laptopCookie: cookieOf(signedUp), phoneCookie: cookieOf(signedIn) };
  }

  describe('changing the password', () => {
    it('ends every other session at once, keeps this one under a new id, and only the new password signs in', async () => {
      const { details, laptop, phone, laptopCookie, phoneCookie } = await creatorOnTwoBrowsers();

      const changed = await laptop
        .post('/api/auth/password')
        .send({ currentPassword: details.password, newPassword: 'battery staple', confirmPassword: 'battery staple' })
        .expect(200);

      expect(changed.body).toEqual({ message: AccountMessages.passwordChanged });
      await phone.get('/api/auth/me').expect(401);
      await me(phoneCookie).expect(401);
      const renewed = cookieOf(changed);
      expect(renewed).not.toBe(laptopCookie);
      await me(laptopCookie).expect(401);
      await me(renewed).expect(200);
      await laptop.get('/api/auth/me').expect(200);
      expect(await passwordHashOf(details.email)).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(changed.body)).not.toMatch(/argon2|battery/);

      await login(agent(app), details.email, details.password).expect(401);
      await login(agent(app), details.email, 'battery staple').expect(200);
      const [told] = await mailsTo(smtp, details.email);
      expect(textOf(told!)).toMatch(/^Subject: Your Linkbio password was changed$/m);
      expect(textOf(told!)).not.toContain('battery staple');
    });

    it('refuses a wrong current password and a new one equal to it, changing nothing', async () => {
      const { details, laptop, phone } = await creatorOnTwoBrowsers();
      const before = await passwordHashOf(details.email);

      const wrong = await laptop
        .post('/api/auth/password')
        .send({ currentPassword: 'not my password', newPassword: 'battery staple', confirmPassword: 'battery staple' })
        .expect(400);
      const same = await laptop
        .post('/api/auth/password')
        .send({ currentPassword: details.password, newPassword: details.password, confirmPassword: details.password })
        .expect(400);

      expect(wrong.body).toEqual({ statusCode: 400, message: AccountMessages.currentPasswordWrong });
      expect(same.body).toEqual({ statusCode: 400, message: AccountMessages.newPasswordSame });
      expect(await passwordHashOf(details.email)).toBe(before);
      await phone.get('/api/auth/me').expect(200);
    });

    it(`limits wrong current passwords to ${ATTEMPT_LIMITS.password_change.perEmail} per account, as sign-ins are`, async () => {
      const { details, laptop } = await creatorOnTwoBrowsers();
      const body = (currentPassword: string) => ({
        currentPassword,
        newPassword: 'battery staple',
        confirmPassword: 'battery staple',
      });
      for (let i = 0; i < ATTEMPT_LIMITS.password_change.perEmail; i += 1) {
        await laptop
          .post('/api/auth/password')
          .send(body(`guess ${i}`))
          .expect(400);
      }

      const held = await laptop.post('/api/auth/password').send(body(details.password)).expect(429);

      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      expect(held.body.message).toBe(Messages.tooManyAttempts(Math.ceil(Number(held.headers['retry-after']) / 60)));
    });
  });

  describe('a forgotten password', () => {
    const askReset = (email: string) => agent(app).post('/api/auth/password-reset').send({ email });
    const confirm = (token: string, password = 'brand new password') =>
      agent(app).post('/api/auth/password-reset/confirm').send({ token, password, confirmPassword: password });

    it('answers a known and an unknown address alike: status, body, headers and time', async () => {
      const known: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const details = registration();
        await agent(app).post('/api/auth/register').send(details).expect(201);
        known.push(details.email);
      }
      const samples = { known: [] as number[], unknown: [] as number[] };
      const answers = new Set<string>();
      for (let round = 0; round < 10; round += 1) {
        for (const [kind, email] of [
          ['known', known[round % 3]!],
          ['unknown', `${unique('nobody')}@example.com`],
        ] as const) {
          const started = process.hrtime.bigint();
          const response = await askReset(email);
          samples[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
          const { 'content-type': type, 'content-length': length, 'set-cookie': cookie } = response.headers;
          answers.add(JSON.stringify([response.status, response.body, type, length, cookie ?? null]));
        }
      }

      expect(answers.size).toBe(1);
      expect(JSON.parse([...answers][0]!)).toEqual([
        200,
        { message: AccountMessages.resetRequested },
        'application/json; charset=utf-8',
        expect.any(String),
        null,
      ]);
      console.log(
        `password reset answer times (ms): known ${JSON.stringify(spread(samples.known))}, unknown ${JSON.stringify(spread(samples.unknown))}`,
      );
      // Each known address got its e-mails all the same (4, 3 and 3 asked for).
      await Promise.all(known.map((email, index) => mailsTo(smtp, email, index === 0 ? 4 : 3)));
    });

    it('e-mails a link whose token resets the password once and ends every session of the account', async () => {
      const { details, laptop, phone } = await creatorOnTwoBrowsers();

      await askReset(details.email.toUpperCase()).expect(200);
      const [mail] = await mailsTo(smtp, details.email);
      const { link, token } = resetLinkIn(mail!);

      expect(link).toBe(`${PUBLIC_URL}/reset-password?token=${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const stored = await db.query<{ token_hash: string; expires_at: Date }>(
        'select token_hash, expires_at from password_reset_tokens t join users u on u.id = t.user_id where u.email = $1',
        [details.email],
      );
      expect(stored.rows[0]!.token_hash).toBe(sha256(token));
      expect((new Date(stored.rows[0]!.expires_at).getTime() - Date.now()) / 60_000).toBeCloseTo(60, 0);
      // The stored copy loses the token just after the mail server took the mail: give it a moment.
      const storedBody = async () =>
        (
          await db.query<{ body: string }>(
            "select body from email_outbox where recipient = $1 and dedupe_key like 'password-reset-%'",
            [details.email],
          )
        ).rows[0]!.body;
      for (let i = 0; i < 100 && (await storedBody()).includes(token); i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect(await storedBody()).not.toContain(token);

      const reset = await confirm(token).expect(200);
      expect(reset.body).toEqual({ message: AccountMessages.passwordReset });
      await laptop.get('/api/auth/me').expect(401);
      await phone.get('/api/auth/me').expect(401);
      expect((await confirm(token, 'yet another password').expect(400)).body).toEqual({
        statusCode: 400,
        message: AccountMessages.resetTokenInvalid,
      });
      await login(agent(app), details.email, details.password).expect(401);
      await login(agent(app), details.email, 'yet another password').expect(401);
      await login(agent(app), details.email, 'brand new password').expect(200);
      const told = (await mailsTo(smtp, details.email, 2))[1]!;
      expect(textOf(told)).toMatch(/^Subject: Your Linkbio password was changed$/m);
    });

    it('refuses an expired token and an older token once a newer one was asked for, changing nothing', async () => {
      const { details } = await creatorOnTwoBrowsers();
      const before = await passwordHashOf(details.email);
      await askReset(details.email).expect(200);
      const first = resetLinkIn((await mailsTo(smtp, details.email, 1))[0]!).token;
      await askReset(details.email).expect(200);
      const second = resetLinkIn((await mailsTo(smtp, details.email, 2))[1]!).token;

      expect((await confirm(first).expect(400)).body.message).toBe(AccountMessages.resetTokenInvalid);
      await db.query(
        "update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = $1",
        [sha256(second)],
      );
      expect((await confirm(second).expect(400)).body.message).toBe(AccountMessages.resetTokenInvalid);
      expect(await passwordHashOf(details.email)).toBe(before);
      await login(agent(app), details.email, details.password).expect(200);
    });

    it('still e-mails the link while guesses have locked the account, and the new password signs in at once', async () => {
      const { details } = await creatorOnTwoBrowsers();
      for (let i = 0; i < ATTEMPT_LIMITS.login.perEmail; i += 1)
        await login(agent(app), details.email, `guess ${i}`).expect(401);
      await login(agent(app), details.email, details.password).expect(429);

      await askReset(details.email).expect(200);
      await confirm(resetLinkIn((await mailsTo(smtp, details.email))[0]!).token).expect(200);

      await login(agent(app), details.email, 'brand new password').expect(200);
    });
  });

  describe('no lockout of the owner', () => {
    it('lets the browser that signed in before sign in while guesses from elsewhere hold the account', async () => {
      const details = registration();
      const owner = agent(app);
      await owner.post('/api/auth/register').send(details).expect(201);
      const signedIn = await login(owner, details.email, details.password).expect(200);
      // The session cookie first, for clients that keep only the first Set-Cookie (the bench, scripts).
      expect(String((signedIn.headers['set-cookie'] as unknown as string[])[0])).toMatch(/^linkbio\.sid=/);
      const device = attributesOf(setCookieLine(signedIn, 'linkbio.device')!);
      expect(device).toMatchObject({ httponly: '', samesite: 'Lax', path: '/api/auth' });
      expect((Date.parse(device.expires!) - Date.now()) / 86_400_000).toBeCloseTo(365, 0);
      await owner.post('/api/auth/logout').expect(200);

      for (let i = 0; i < ATTEMPT_LIMITS.login.perEmail; i += 1)
        await login(agent(app), details.email, `guess ${i}`).expect(401);

      const stranger = await login(agent(app), details.email, details.password).expect(429);
      expect(setCookieLine(stranger, 'linkbio.sid')).toBeUndefined();
      const forged = await request(app.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-For', uniqueIp())
        .set('Cookie', `linkbio.device=${'A'.repeat(22)}.${'B'.repeat(43)}`)
        .send({ email: details.email, password: details.password });
      expect(forged.status).toBe(429);
      await login(owner, details.email, details.password).expect(200);
      await owner.get('/api/auth/me').expect(200);
      // The owner's sign-in does not lift the hold on everyone else.
      await login(agent(app), details.email, details.password).expect(429);
    });

    it('does not trust the device cookie of another account', async () => {
      const victim = registration();
      await agent(app).post('/api/auth/register').send(victim).expect(201);
      const attacker = agent(app);
      await attacker.post('/api/auth/register').send(registration()).expect(201);
      for (let i = 0; i < ATTEMPT_LIMITS.login.perEmail; i += 1)
        await login(attacker, victim.email, `guess ${i}`).expect(401);

      await login(attacker, victim.email, victim.password).expect(429);
    });
  });
});
