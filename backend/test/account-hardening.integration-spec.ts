import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AccountMessages, Messages, TwoFactorMessages, type TwoFactorSetupView } from '@linkbio/shared-contracts';
import { EMAIL_LINKS_PER_HOUR } from '../src/modules/identity/application/ports/email-link-rate-limit.js';
import { ATTEMPT_LIMITS } from '../src/modules/identity/infrastructure/flexible-attempt.limiter.js';
import { totpCode } from '../src/modules/identity/testing/totp-code.js';
import { OPERATOR_FAILURES_PER_IP } from '../src/shared/http/operator-auth.js';
import { isAddressConfirmation, mailsTo, resetLinkIn, textOf } from './support/account-security.js';
import {
  agent,
  basicAuth,
  registration,
  startApp,
  unique,
  uniqueIp,
  type Agent,
  type Database,
} from './support/harness.js';
import { appWithMailbox, type TestSmtp } from './support/smtp.js';

/*
 * Issue 25's account gaps over HTTP, PostgreSQL, Redis and a real SMTP server: a password reset or change
 * ends sign-ins waiting for their second step and every reset link, an e-mail change ends the reset links,
 * every check of a password or code is limited per account and per client address without locking out the
 * owner's own browser, a reset asked too often answers as one that was sent, the operators' sign-in is
 * limited per client address, and an e-mail change answers alike for a taken address and a limited account.
 */

const PUBLIC_URL = 'https://linkbio.test';
const OPERATOR = { user: 'ops', password: 'correct horse battery' };
const LINK = /(https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+))/;
const { perEmail: TWO_FACTOR_PER_ACCOUNT, perIp: TWO_FACTOR_PER_IP } = ATTEMPT_LIMITS.two_factor;
const PASSWORD_CHECKS_PER_ACCOUNT = ATTEMPT_LIMITS.password_change.perEmail;
const RESETS_PER_ADDRESS_AND_IP = ATTEMPT_LIMITS.password_reset_email.perEmailAndIp;

describe('account hardening (issue 25)', () => {
  let app: INestApplication;
  /** Another API process on the same stores, and one without Redis (its limits in PostgreSQL). */
  let other: INestApplication;
  let withoutRedis: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    try {
      ({ app, db, smtp, close } = await appWithMailbox('hardening', PUBLIC_URL));
      // Started with the first and closed with it: passport keeps the last sign-in strategy process-wide.
      other = await startApp();
      withoutRedis = await startApp({ redis: false });
    } finally {
      delete process.env.OPERATOR_USER;
      delete process.env.OPERATOR_PASSWORD;
    }
  });

  afterAll(async () => {
    await other?.close();
    await withoutRedis?.close();
    await close?.();
  });

  const isReset = (mail: { raw: string }) => /reset-password\?token=/.test(textOf(mail as never));
  const resetTokens = async (email: string, count = 1) =>
    (await mailsTo(smtp, email, count, 10_000, isReset)).map((mail) => resetLinkIn(mail).token);
  const resetsSoFar = (email: string) =>
    smtp.mails.filter((mail) => isReset(mail) && mail.to.some((to) => to.toLowerCase() === email.toLowerCase())).length;
  const askReset = (client: Agent, email: string) => client.post('/api/auth/password-reset').send({ email });
  const confirmReset = (token: string, password = 'brand new password') =>
    agent(app).post('/api/auth/password-reset/confirm').send({ token, password, confirmPassword: password });
  const passwordStep = async (client: Agent, email: string, password: string) =>
    (await client.post('/api/auth/login').send({ email, password }).expect(200)).body as unknown;

  async function signUp(client: Agent = agent(app)) {
    const details = registration();
    const response = await client.post('/api/auth/register').send(details).expect(201);
    return { client, details, user: response.body as { id: string; username: string } };
  }

  /** A creator with two-factor on, signed in on `client` (the browser they signed up from: a device). */
  async function withTwoFactor(client: Agent = agent(app)) {
    const creator = await signUp(client);
    const setup = (await client.post('/api/auth/2fa/setup').send({}).expect(200)).body as TwoFactorSetupView;
    const enabled = await client
      .post('/api/auth/2fa/enable')
      .send({ code: totpCode(setup.secret, new Date(), -1) })
      .expect(200);
    return { ...creator, secret: setup.secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  describe('a sign-in waiting for its second step', () => {
    it('ends when the owner resets the password: neither a code nor a recovery code signs it in', async () => {
      const { details, secret, recoveryCodes } = await withTwoFactor();
      const thief = agent(app);
      expect(await passwordStep(thief, details.email, details.password)).toEqual({ twoFactorRequired: true });

      await askReset(agent(app), details.email).expect(200);
      const [token] = await resetTokens(details.email);
      await confirmReset(token!).expect(200);

      const byCode = await thief
        .post('/api/auth/2fa/verify')
        .send({ code: totpCode(secret, new Date()) })
        .expect(401);
      expect(byCode.body.message).toBe(TwoFactorMessages.noPendingSignIn);
      await thief.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[0] }).expect(401);
      await thief.get('/api/auth/me').expect(401);

      // The owner, with the new password, still signs in with the code the thief could not use.
      const owner = agent(app);
      expect(await passwordStep(owner, details.email, 'brand new password')).toEqual({ twoFactorRequired: true });
      await owner.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[0] }).expect(200);
      await owner.get('/api/auth/me').expect(200);
    });

    it('ends when the owner changes the password', async () => {
      const { client, details, recoveryCodes } = await withTwoFactor();
      const thief = agent(app);
      await passwordStep(thief, details.email, details.password);

      const newPassword = 'battery staple horse';
      await client
        .post('/api/auth/password')
        .send({ currentPassword: details.password, newPassword, confirmPassword: newPassword })
        .expect(200);

      await thief.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[0] }).expect(401);
      await thief.get('/api/auth/me').expect(401);
    });
  });

  it('a waiting sign-in on one API process ends when the password changes on another', async () => {
    {
      const { client, details, recoveryCodes } = await withTwoFactor();
      const thief = agent(other);
      await passwordStep(thief, details.email, details.password);

      const newPassword = 'battery staple horse';
      await client
        .post('/api/auth/password')
        .send({ currentPassword: details.password, newPassword, confirmPassword: newPassword })
        .expect(200);

      await thief.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[0] }).expect(401);
    }
  });

  describe('reset links', () => {
    it('end when the address changes: a link mailed to the old address no longer resets', async () => {
      const { client, details } = await signUp();
      await askReset(agent(app), details.email).expect(200);
      const [token] = await resetTokens(details.email);

      const newEmail = `${unique('moved')}@example.com`;
      await client.post('/api/auth/email').send({ email: newEmail, password: details.password }).expect(200);
      const [mail] = await mailsTo(smtp, newEmail, 1, 10_000, isAddressConfirmation);
      await agent(app)
        .post('/api/auth/email/verify')
        .send({ token: LINK.exec(textOf(mail!))![2] })
        .expect(200);

      const refused = await confirmReset(token!).expect(400);
      expect(refused.body.message).toBe(AccountMessages.resetTokenInvalid);
      await passwordStep(agent(app), newEmail, details.password);
    });

    it('end when the password changes', async () => {
      const { client, details } = await signUp();
      await askReset(agent(app), details.email).expect(200);
      const [token] = await resetTokens(details.email);

      const newPassword = 'battery staple horse';
      await client
        .post('/api/auth/password')
        .send({ currentPassword: details.password, newPassword, confirmPassword: newPassword })
        .expect(200);

      await confirmReset(token!).expect(400);
      await passwordStep(agent(app), details.email, newPassword);
    });
  });

  describe('limits on every password and code check', () => {
    it(`switching two-factor off holds the password after ${PASSWORD_CHECKS_PER_ACCOUNT} wrong ones`, async () => {
      const { client, details, recoveryCodes } = await withTwoFactor();
      for (let i = 0; i < PASSWORD_CHECKS_PER_ACCOUNT; i += 1) {
        const wrong = await client
          .post('/api/auth/2fa/disable')
          .send({ password: `guess ${i}`, recoveryCode: recoveryCodes[0] });
        expect(wrong.status).toBe(400);
        expect(wrong.body.message).toBe(TwoFactorMessages.passwordWrong);
      }

      const held = await client
        .post('/api/auth/2fa/disable')
        .send({ password: details.password, recoveryCode: recoveryCodes[0] })
        .expect(429);

      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      expect((await client.get('/api/auth/2fa').expect(200)).body.enabled).toBe(true);
    });

    it('code guesses by someone who knows the password do not lock out the browser that signed in before', async () => {
      const { client, details, secret } = await withTwoFactor();
      const thief = agent(app);
      await passwordStep(thief, details.email, details.password);
      for (let i = 0; i < TWO_FACTOR_PER_ACCOUNT; i += 1) {
        await thief.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(400);
      }
      await thief
        .post('/api/auth/2fa/verify')
        .send({ code: totpCode(secret, new Date()) })
        .expect(429);

      // The owner's browser (its device cookie) signs in with its code; a new browser is held with the account.
      await client.post('/api/auth/logout').send({}).expect(200);
      await passwordStep(client, details.email, details.password);
      await client
        .post('/api/auth/2fa/verify')
        .send({ code: totpCode(secret, new Date()) })
        .expect(200);
      await client.get('/api/auth/me').expect(200);

      const stranger = agent(app);
      await passwordStep(stranger, details.email, details.password);
      await stranger
        .post('/api/auth/2fa/verify')
        .send({ code: totpCode(secret, new Date(), 1) })
        .expect(429);
    });

    it(`one client address trying codes on many accounts is held after ${TWO_FACTOR_PER_IP}`, async () => {
      const ip = uniqueIp();
      const perAccount = TWO_FACTOR_PER_ACCOUNT - 1;
      const accounts = Math.ceil(TWO_FACTOR_PER_IP / perAccount);
      const creators = [];
      for (let i = 0; i < accounts; i += 1) creators.push(await withTwoFactor());

      let tried = 0;
      for (const { details } of creators) {
        const guesser = agent(app, ip);
        await passwordStep(guesser, details.email, details.password);
        for (let i = 0; i < perAccount && tried < TWO_FACTOR_PER_IP; i += 1, tried += 1) {
          await guesser.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(400);
        }
        if (tried === TWO_FACTOR_PER_IP) {
          const held = await guesser.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(429);
          expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
          // The account itself is not held: its owner elsewhere signs in.
          const owner = agent(app);
          await passwordStep(owner, details.email, details.password);
          await owner.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(400);
          return;
        }
      }
      throw new Error('never reached the limit per client address');
    });
  });

  describe('a reset asked too often', () => {
    it('answers as one that was sent, and a stranger cannot spend the owner’s reset e-mails', async () => {
      const { client: ownerBrowser, details } = await signUp();
      const stranger = agent(app);
      const answers = new Set<string>();
      for (let i = 0; i < RESETS_PER_ADDRESS_AND_IP + 3; i += 1) {
        const response = await askReset(stranger, details.email);
        answers.add(JSON.stringify([response.status, response.body, response.headers['content-length']]));
      }
      expect(answers.size).toBe(1);
      expect(JSON.parse([...answers][0]!).slice(0, 2)).toEqual([200, { message: AccountMessages.resetRequested }]);

      // Another client address still gets a link, and so does the owner's own browser, whose link works.
      await askReset(agent(app), details.email).expect(200);
      const before = await resetTokens(details.email, RESETS_PER_ADDRESS_AND_IP + 1);
      await askReset(ownerBrowser, details.email).expect(200);
      const owners = (await resetTokens(details.email, RESETS_PER_ADDRESS_AND_IP + 2)).filter(
        (token) => !before.includes(token),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(resetsSoFar(details.email)).toBe(RESETS_PER_ADDRESS_AND_IP + 2);
      expect(owners).toHaveLength(1);
      await confirmReset(owners[0]!).expect(200);
    });
  });

  describe('the operators’ sign-in', () => {
    const admin = (ip: string, password: string) =>
      request(app.getHttpServer())
        .get('/api/admin/support-requests')
        .set('X-Forwarded-For', ip)
        .set('Authorization', basicAuth(OPERATOR.user, password));

    it(`holds a client address after ${OPERATOR_FAILURES_PER_IP} wrong passwords, even with the right one`, async () => {
      const ip = uniqueIp();
      for (let i = 0; i < OPERATOR_FAILURES_PER_IP; i += 1) await admin(ip, `wrong password ${i}`).expect(401);

      const held = await admin(ip, OPERATOR.password).expect(429);

      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      expect(held.body).toEqual({
        statusCode: 429,
        message: Messages.tooManyAttempts(Math.ceil(Number(held.headers['retry-after']) / 60)),
      });
      await admin(uniqueIp(), OPERATOR.password).expect(200);
    });

    it('counts in PostgreSQL on an install without Redis, as the other limits do', async () => {
      {
        const ip = uniqueIp();
        const call = (password: string) =>
          request(withoutRedis.getHttpServer())
            .get('/api/admin/support-requests')
            .set('X-Forwarded-For', ip)
            .set('Authorization', basicAuth(OPERATOR.user, password));
        for (let i = 0; i < OPERATOR_FAILURES_PER_IP; i += 1) await call(`wrong password ${i}`).expect(401);

        await call(OPERATOR.password).expect(429);
        const rows = await db.query<{ points: number }>('select points from rate_limits where key = $1', [
          `operator_sign_in_ip:${ip}`,
        ]);
        expect(rows.rows).toEqual([{ points: OPERATOR_FAILURES_PER_IP }]);
      }
    });

    it('does not count the right password', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < OPERATOR_FAILURES_PER_IP + 5; i += 1) await admin(ip, OPERATOR.password).expect(200);
      await admin(ip, 'wrong password').expect(401);
    });
  });

  describe('an e-mail change', () => {
    it('answers a taken address and a limited account alike: every attempt counts, the limit comes first', async () => {
      const { client, details } = await signUp();
      const { details: other } = await signUp();
      for (let i = 0; i < EMAIL_LINKS_PER_HOUR; i += 1) {
        await client.post('/api/auth/email').send({ email: other.email, password: details.password }).expect(409);
      }

      const taken = await client
        .post('/api/auth/email')
        .send({ email: other.email, password: details.password })
        .expect(429);
      const free = await client
        .post('/api/auth/email')
        .send({ email: `${unique('free')}@example.com`, password: details.password })
        .expect(429);

      expect(taken.body).toEqual(free.body);
      expect(taken.headers['retry-after']).toBeDefined();
    });
  });
});
