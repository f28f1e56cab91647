import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { EmailMessages, Messages, type UserView } from '@linkbio/shared-contracts';
import { EMAIL_LINKS_PER_HOUR } from '../src/modules/identity/application/ports/email-link-rate-limit.js';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { ReleaseHeldPayoutsUseCase } from '../src/modules/payouts/application/release-held-payouts.use-case.js';
import { isAddressConfirmation, mailsTo, textOf } from './support/account-security.js';
import { emailAddressBadInput } from './support/email-address-input.js';
import { agent, registration, type Agent, type Database } from './support/harness.js';
import { arrangeEarning } from './support/payouts.js';
import { appWithMailbox, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * Issue 14's e-mail address over HTTP, PostgreSQL, Redis and a real SMTP server (smtp-server): sign-up mails
 * a link that confirms the address; a change of address waits for a link mailed to the new one and tells the
 * old one; payouts wait until the address is confirmed. A database of its own, as a weekly payouts run pays
 * every creator in it.
 */

const PUBLIC_URL = 'https://linkbio.test';
const LINK = /(https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_-]+))/;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('the e-mail address over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ app, db, smtp, close } = await appWithMailbox('email', PUBLIC_URL));
  });

  afterAll(() => close?.());

  const linkIn = (mail: Mail) => {
    const match = LINK.exec(textOf(mail));
    if (!match) throw new Error(`no link in: ${textOf(mail)}`);
    return { link: match[1]!, token: match[2]! };
  };
  /** The confirmation links mailed to an address, waiting until there are `count`. */
  const linksTo = async (email: string, count = 1) =>
    (await mailsTo(smtp, email, count, 10_000, isAddressConfirmation)).map(linkIn);
  const verify = (token: unknown, client: Agent = agent(app)) => client.post('/api/auth/email/verify').send({ token });
  const me = async (client: Agent) => (await client.get('/api/auth/me').expect(200)).body as UserView;

  async function signUp() {
    const details = registration();
    const client = agent(app);
    const response = await client.post('/api/auth/register').send(details).expect(201);
    return { client, details, user: response.body as UserView };
  }

  describe('verification on sign-up', () => {
    it('mails a link that confirms the address once, signed in or not; the view shows it', async () => {
      const { client, details, user } = await signUp();
      expect(user.emailVerified).toBe(false);

      const [{ link, token }] = await linksTo(details.email);
      expect(link).toBe(`${PUBLIC_URL}/verify-email?token=${token}`);
      const stored = await db.query<{ purpose: string; token_hash: string; expires_at: Date }>(
        'select purpose, token_hash, expires_at from email_confirmations where user_id = $1',
        [user.id],
      );
      expect(stored.rows).toEqual([{ purpose: 'verify', token_hash: sha256(token), expires_at: expect.any(Date) }]);
      const hours = (stored.rows[0]!.expires_at.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);

      expect((await verify(token).expect(200)).body).toEqual({ message: EmailMessages.verified });
      expect((await me(client)).emailVerified).toBe(true);
      expect((await verify(token, client).expect(400)).body).toEqual({
        statusCode: 400,
        message: EmailMessages.tokenInvalid,
      });
      expect((await client.post('/api/auth/email/resend').expect(400)).body.message).toBe(
        EmailMessages.alreadyVerified,
      );
      const outbox = await db.query<{ body: string }>('select body from email_outbox where recipient = $1', [
        details.email,
      ]);
      expect(outbox.rows.map((row) => row.body).join()).not.toContain(token);
    });

    it('sends again on asking; the newer link replaces the older, and an expired one is refused', async () => {
      const { client, details, user } = await signUp();
      expect((await client.post('/api/auth/email/resend').expect(200)).body).toEqual({
        message: EmailMessages.sent(details.email),
      });
      const [first, second] = await linksTo(details.email, 2);
      await verify(first!.token).expect(400);

      await db.query("update email_confirmations set expires_at = now() - interval '1 second' where user_id = $1", [
        user.id,
      ]);
      expect((await verify(second!.token).expect(400)).body.message).toBe(EmailMessages.tokenInvalid);
      expect((await me(client)).emailVerified).toBe(false);

      await client.post('/api/auth/email/resend').expect(200);
      await verify((await linksTo(details.email, 3))[2]!.token).expect(200);
      expect((await me(client)).emailVerified).toBe(true);
    });

    it(`sends at most ${EMAIL_LINKS_PER_HOUR} links an hour per account`, async () => {
      const { client } = await signUp();
      for (let i = 0; i < EMAIL_LINKS_PER_HOUR; i += 1) await client.post('/api/auth/email/resend').expect(200);
      const refused = await client.post('/api/auth/email/resend').expect(429);
      expect(refused.body.message).toBe(Messages.tooManyAttempts(60));
    });
  });

  describe('changing the address', () => {
    it('refuses a wrong password, the same address and a taken one, sending nothing', async () => {
      const { client, details } = await signUp();
      const other = await signUp();
      const change = (body: object) => client.post('/api/auth/email').send(body);

      expect((await change({ email: 'x@new.example', password: 'not it' }).expect(400)).body.message).toBe(
        EmailMessages.passwordWrong,
      );
      expect(
        (await change({ email: details.email.toUpperCase(), password: details.password }).expect(400)).body.message,
      ).toBe(EmailMessages.sameAddress);
      expect(
        (await change({ email: other.details.email.toUpperCase(), password: details.password }).expect(409)).body,
      ).toEqual({
        statusCode: 409,
        message: Messages.emailTaken,
      });
      expect(
        (
          await db.query('select 1 from email_confirmations where purpose = $1 and email ilike $2', [
            'change',
            other.details.email,
          ])
        ).rowCount,
      ).toBe(0);
    });

    it('changes only once the link mailed to the new address is opened, and tells the old address', async () => {
      const { client, details } = await signUp();
      const newEmail = `new-${details.email}`;

      const asked = await client
        .post('/api/auth/email')
        .send({ email: ` ${newEmail} `, password: details.password })
        .expect(200);
      expect(asked.body).toEqual({ message: EmailMessages.sent(newEmail) });
      expect((await me(client)).email).toBe(details.email);
      const [{ token }] = await linksTo(newEmail);
      expect((await me(client)).email).toBe(details.email);

      expect((await verify(token).expect(200)).body).toEqual({ message: EmailMessages.changed(newEmail) });
      expect(await me(client)).toMatchObject({ email: newEmail, emailVerified: true });
      await verify(token).expect(400);

      const told = (await mailsTo(smtp, details.email, 1, 10_000, (mail) => !isAddressConfirmation(mail)))[0]!;
      expect(textOf(told)).toContain('Subject: Your Linkbio email address was changed');
      expect(textOf(told)).toContain(`from ${details.email} to ${newEmail}`);
      expect(textOf(told)).toContain('If it was not you');

      await agent(app).post('/api/auth/login').send({ email: details.email, password: details.password }).expect(401);
      await agent(app).post('/api/auth/login').send({ email: newEmail, password: details.password }).expect(200);
    });

    it('refuses at confirmation an address another account took meanwhile', async () => {
      const { client, details } = await signUp();
      const wanted = `wanted-${details.email}`;
      await client.post('/api/auth/email').send({ email: wanted, password: details.password }).expect(200);
      const [{ token }] = await linksTo(wanted);
      await agent(app)
        .post('/api/auth/register')
        .send(registration({ email: wanted }))
        .expect(201);

      expect((await verify(token).expect(409)).body).toEqual({ statusCode: 409, message: Messages.emailTaken });
      expect((await me(client)).email).toBe(details.email);
    });
  });

  describe('payouts', () => {
    it('holds the payout of a creator whose address is not confirmed, and releases it once it is', async () => {
      const { client, details, user } = await signUp();
      await client.put('/api/users/payout-settings').send({ paypalEmail: 'paid@example.com' }).expect(200);
      await arrangeEarning(db, user.id, 1500, '2025-06-03T09:00:00Z');
      const payout = async () =>
        (
          await db.query<{ status: string; method: string | null }>(
            'select status, method from payouts where creator_id = $1',
            [user.id],
          )
        ).rows[0];

      await app.get(CreateWeeklyPayoutsUseCase).execute('2025-W23');
      expect(await payout()).toEqual({ status: 'on_hold', method: null });
      await app.get(ReleaseHeldPayoutsUseCase).execute();
      expect((await payout())!.status).toBe('on_hold');

      await verify((await linksTo(details.email))[0]!.token).expect(200);
      await app.get(ReleaseHeldPayoutsUseCase).execute();
      expect(await payout()).toEqual({ status: 'pending', method: 'paypal' });
    });
  });

  describe('bad input: a clear 4xx, never a 500, and nothing changes', () => {
    emailAddressBadInput(() => ({ app, db, smtp }));
  });
});
