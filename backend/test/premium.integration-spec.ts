import type { INestApplication } from '@nestjs/common';
import { PaymentMessages, PremiumMessages, type PremiumChargesResponse } from '@linkbio/shared-contracts';
import { RenewLocalSubscriptionsUseCase } from '../src/modules/billing/application/renew-local-subscriptions.use-case.js';
import { SubscriptionsUseCase } from '../src/modules/billing/application/subscriptions.use-case.js';
import { EmailOutboxRelay } from '../src/shared/email/email-outbox.relay.js';
import { agent, signedInCreator, type Agent, type Database } from './support/harness.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Premium a creator can trust (issue 24): one live subscription per creator whatever the timing, cancel ending
 * every live one, a receipt for each charge and a notice for a declined renewal and a cancellation (read back
 * from a real SMTP server), the billing history, and changing the card that renews Premium. Local provider.
 */

const card = (clientSecret: string, cardNumber = '4242424242424242', expiry = '12/34') => ({ clientSecret, cardNumber, expiry, cvc: '123', name: 'Ada' });

describe('Premium (local provider)', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.MAIL_FROM = 'Linkbio <billing@linkbio.test>';
    ({ app, db, smtp, close } = await appWithMailbox('premium', 'https://premium.linkbio.test'));
  });

  afterAll(async () => {
    await close?.();
  });

  const subscriptionRows = async (userId: string) =>
    (await db.query<{ id: string; status: string }>('select id, status from subscriptions where user_id = $1 order by created_at', [userId])).rows;
  const localCharges = async (userId: string) =>
    (await db.query<{ status: string }>("select status from local_payment_intents where metadata->>'userId' = $1 order by created_at", [userId])).rows;

  /** Moves the creator's paid period (ours and the provider's) to have ended a minute ago. */
  const periodOver = async (userId: string) => {
    const ended = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await db.query('update local_subscriptions set current_period_end = $2 where user_id = $1 and status = $3', [userId, ended, 'active']);
    await db.query('update subscriptions set current_period_end = $2 where user_id = $1 and status = $3', [userId, ended, 'active']);
    return ended;
  };

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(textOf);
  const subjectOf = (text: string) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
  const premiumMails = (email: string) => mailsTo(email).filter((t) => /Premium/.test(subjectOf(t)));

  /** A creator who subscribed and paid the first month with `cardNumber`. */
  async function premiumCreator(cardNumber = '4242424242424242') {
    const creator = await signedInCreator(app);
    const secret = await subscribe(creator.client);
    await agent(app).post('/api/payments/local/confirm').send(card(secret, cardNumber)).expect(200);
    return creator;
  }

  const subscribe = async (client: Agent) => ((await client.post('/api/create-subscription').expect(200)).body as { clientSecret: string }).clientSecret;

  describe('one live subscription per creator', () => {
    it('ten subscribe calls at once answer one payment: one subscription, one charge, renewed once', async () => {
      const { client, user } = await signedInCreator(app);
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/create-subscription')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const secrets = new Set(answers.map((a) => (a.body as { clientSecret: string }).clientSecret));
      expect(secrets.size).toBe(1);
      expect(await subscriptionRows(user.id)).toHaveLength(1);

      const [secret] = [...secrets] as [string];
      await agent(app).post('/api/payments/local/confirm').send(card(secret)).expect(200);
      expect((await subscriptionRows(user.id)).map((s) => s.status)).toEqual(['active']);
      expect((await db.query('select id from local_subscriptions where user_id = $1', [user.id])).rows).toHaveLength(1);
      expect(await localCharges(user.id)).toEqual([{ status: 'succeeded' }]);

      await periodOver(user.id);
      const renewals = app.get(RenewLocalSubscriptionsUseCase);
      await Promise.all([renewals.execute(), renewals.execute()]);
      expect(await localCharges(user.id)).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
      expect((await client.get('/api/subscription').expect(200)).body).toMatchObject({ plan: 'premium', status: 'active' });
    });

    it('two subscribe calls at once answer the same client secret', async () => {
      const { client, user } = await signedInCreator(app);
      const [a, b] = await Promise.all([subscribe(client), subscribe(client)]);
      expect(a).toBe(b);
      expect(await subscriptionRows(user.id)).toHaveLength(1);
    });

    it('PostgreSQL refuses a second live subscription for a creator', async () => {
      const { client, user } = await signedInCreator(app);
      await subscribe(client);
      await expect(
        db.query("insert into subscriptions (id, user_id, status, created_at, updated_at) values ('sub_forced_dup_' || md5(random()::text), $1, 'active', now(), now())", [user.id]),
      ).rejects.toThrow(/subscriptions_one_live_per_user/);
    });

    it('ends a first payment that can no longer be made (its 23 hours over) before starting a new one', async () => {
      const { client, user } = await signedInCreator(app);
      const first = await subscribe(client);
      await db.query("update subscriptions set created_at = now() - interval '23 hours 1 minute' where user_id = $1", [user.id]);
      const second = await subscribe(client);
      expect(second).not.toBe(first);
      const rows = await subscriptionRows(user.id);
      expect(rows.map((r) => r.status)).toEqual(['canceled', 'incomplete']);
      const local = await db.query<{ status: string }>('select status from local_subscriptions where id = $1', [rows[0]!.id]);
      expect(local.rows[0]!.status).toBe('canceled');

      // The ended one's payment can no longer be made (it would bring back a subscription that renews unseen).
      const stale = await agent(app).post('/api/payments/local/confirm').send(card(first)).expect(409);
      expect(stale.body.message).toBe(PremiumMessages.subscriptionPaymentEnded);
      expect(await localCharges(user.id)).toEqual([{ status: 'requires_payment_method' }, { status: 'requires_payment_method' }]);
      await agent(app).post('/api/payments/local/confirm').send(card(second)).expect(200);
      expect((await subscriptionRows(user.id)).map((r) => r.status)).toEqual(['canceled', 'active']);
    });
  });

  describe('cancel', () => {
    /** A creator with a paid subscription and a second live one forced in by SQL (as duplicates made before the fix). */
    async function creatorWithDuplicate() {
      const creator = await signedInCreator(app);
      const secret = await subscribe(creator.client);
      await agent(app).post('/api/payments/local/confirm').send(card(secret)).expect(200);
      const [paid] = await subscriptionRows(creator.user.id);
      const duplicateId = `sub_local_dup${Date.now()}`;
      await db.query(
        `insert into local_subscriptions (id, customer_id, user_id, status, current_period_start, current_period_end, cancel_at_period_end, created_at,
           card_last4, card_exp_month, card_exp_year)
         select $1, customer_id, user_id, status, current_period_start, current_period_end, false, now() - interval '1 day', card_last4, card_exp_month, card_exp_year
           from local_subscriptions where id = $2`,
        [duplicateId, paid!.id],
      );
      await db.query(
        `insert into subscriptions (id, user_id, status, current_period_end, cancel_at_period_end, created_at, updated_at, superseded_at)
         select $1, user_id, status, current_period_end, false, now() - interval '1 day', now(), now() from subscriptions where id = $2`,
        [duplicateId, paid!.id],
      );
      return { ...creator, paidId: paid!.id, duplicateId };
    }

    it('ends every live subscription of the creator, also when asked five times at once', async () => {
      const { client, user, paidId, duplicateId } = await creatorWithDuplicate();
      const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/subscription/cancel')));
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
      expect((await client.get('/api/subscription').expect(200)).body).toMatchObject({ plan: 'premium', status: 'canceling', cancelAtPeriodEnd: true });
      const local = await db.query<{ id: string; cancel_at_period_end: boolean; status: string }>(
        'select id, cancel_at_period_end, status from local_subscriptions where user_id = $1',
        [user.id],
      );
      // Neither renews any more: the paid one at its period's end, the duplicate at once.
      const byId = Object.fromEntries(local.rows.map((r) => [r.id, r]));
      expect(byId[paidId]).toMatchObject({ cancel_at_period_end: true });
      expect(byId[duplicateId]!.cancel_at_period_end || byId[duplicateId]!.status === 'canceled').toBe(true);

      await periodOver(user.id);
      await app.get(RenewLocalSubscriptionsUseCase).execute();
      expect(await localCharges(user.id)).toEqual([{ status: 'succeeded' }]);
    });
  });

  describe('superseded subscriptions', () => {
    it('the billing sweep cancels a superseded live subscription at the provider at once, and records it ended', async () => {
      const { user } = await premiumCreator();
      const [paid] = await subscriptionRows(user.id);
      const duplicateId = `sub_local_sup${Date.now()}`;
      await db.query(
        `insert into local_subscriptions (id, customer_id, user_id, status, current_period_start, current_period_end, cancel_at_period_end, created_at)
         select $1, customer_id, user_id, status, current_period_start, current_period_end, false, now() from local_subscriptions where id = $2`,
        [duplicateId, paid!.id],
      );
      await db.query(
        `insert into subscriptions (id, user_id, status, current_period_end, cancel_at_period_end, created_at, updated_at, superseded_at)
         select $1, user_id, status, current_period_end, false, now(), now(), now() from subscriptions where id = $2`,
        [duplicateId, paid!.id],
      );
      expect(await app.get(SubscriptionsUseCase).endSuperseded()).toBeGreaterThanOrEqual(1);
      const ours = await db.query<{ status: string }>('select status from subscriptions where id = $1', [duplicateId]);
      const provider = await db.query<{ status: string }>('select status from local_subscriptions where id = $1', [duplicateId]);
      expect([ours.rows[0]!.status, provider.rows[0]!.status]).toEqual(['canceled', 'canceled']);
      // The creator's own subscription is untouched and Premium stays.
      expect((await subscriptionRows(user.id)).find((r) => r.id === paid!.id)!.status).toBe('active');
      expect((await db.query<{ is_premium: boolean }>('select is_premium from users where id = $1', [user.id])).rows[0]!.is_premium).toBe(true);
    });
  });

  describe('receipts, notices and the billing history', () => {
    it('sends a receipt for the first payment and for each renewal, once each, and lists them newest first', async () => {
      const { client, user, details } = await premiumCreator();
      const receipts = () => premiumMails(details.email).filter((t) => /receipt/.test(subjectOf(t)));
      expect(receipts()).toHaveLength(1);
      const first = receipts()[0]!;
      expect(first).toContain('Amount paid: $9.99');
      expect(first).toContain('Card: ending in 4242');
      expect(first).toMatch(/Receipt number: LB-\d{4}-\d{6}/);
      expect(first).toMatch(/Period: \w+ \d{1,2}, \d{4} to \w+ \d{1,2}, \d{4}/);

      const ended = await periodOver(user.id);
      const renewals = app.get(RenewLocalSubscriptionsUseCase);
      await Promise.all([renewals.execute(), renewals.execute()]);
      await app.get(EmailOutboxRelay).deliverPending();
      expect(receipts()).toHaveLength(2);

      const { charges } = (await client.get('/api/subscription/charges').expect(200)).body as PremiumChargesResponse;
      expect(charges).toHaveLength(2);
      expect(charges.map((c) => c.status)).toEqual(['paid', 'paid']);
      expect(charges.every((c) => c.amountCents === 999 && c.cardLast4 === '4242')).toBe(true);
      expect(new Set(charges.map((c) => c.receiptNumber)).size).toBe(2);
      expect(new Date(charges[0]!.date).getTime()).toBeGreaterThanOrEqual(new Date(charges[1]!.date).getTime());
      // The renewal pays the month from where the paid one ended.
      expect(charges[0]!.periodStart).toBe(ended.toISOString());
      for (const charge of charges) expect(receipts().some((t) => t.includes(`Receipt number: ${charge.receiptNumber}`))).toBe(true);
    });

    it('tells the creator once that a renewal was declined and what happens next', async () => {
      const { client, user, details } = await premiumCreator();
      await db.query("update local_subscriptions set card_exp_year = 2025, current_period_end = now() - interval '1 minute' where user_id = $1", [user.id]);
      const renewals = app.get(RenewLocalSubscriptionsUseCase);
      expect((await renewals.execute()).declined).toBe(1);
      await renewals.execute();
      const notices = premiumMails(details.email).filter((t) => /declined/.test(subjectOf(t)));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain('ending in 4242');
      expect(notices[0]).toContain('Premium subscription has ended');
      const { charges } = (await client.get('/api/subscription/charges').expect(200)).body as PremiumChargesResponse;
      expect(charges.map((c) => [c.status, c.receiptNumber === null])).toEqual([
        ['declined', true],
        ['paid', false],
      ]);
    });

    it('tells the creator once that Premium is cancelled and until when, and once when it has ended', async () => {
      const { client, user, details } = await premiumCreator();
      await Promise.all([client.post('/api/subscription/cancel').expect(200), client.post('/api/subscription/cancel').expect(200)]);
      const cancelled = premiumMails(details.email).filter((t) => /cancelled/.test(subjectOf(t)));
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]).toMatch(/You keep Premium until \w+ \d{1,2}, \d{4}/);

      await db.query("update subscriptions set current_period_end = now() - interval '1 second' where user_id = $1", [user.id]);
      await client.get('/api/subscription').expect(200);
      await client.get('/api/subscription').expect(200);
      const ended = premiumMails(details.email).filter((t) => /has ended/.test(subjectOf(t)));
      expect(ended).toHaveLength(1);
    });

    it('answers an empty history to a creator who never paid, and needs a signed-in creator', async () => {
      const { client } = await signedInCreator(app);
      expect((await client.get('/api/subscription/charges').expect(200)).body).toEqual({ charges: [] });
      await agent(app).get('/api/subscription/charges').expect(401);
    });
  });

  describe('changing the card that renews Premium', () => {
    it('refuses a wrong or declined card, changing nothing; the next renewal charges the new card', async () => {
      const { client, user, details } = await premiumCreator();
      expect((await client.get('/api/subscription/card').expect(200)).body).toEqual({ card: { last4: '4242', expMonth: 12, expYear: 2034 } });
      const change = (cardNumber: string, expiry = '11/33', cvc = '123') => client.put('/api/subscription/card').send({ cardNumber, expiry, cvc, name: 'Ada' });

      expect((await change('4242424242424241').expect(400)).body.message).toBe(PaymentMessages.cardNumberInvalid);
      expect((await change('5555555555554444', '01/20').expect(400)).body.message).toBe(PaymentMessages.cardExpired);
      expect((await change('5555555555554444', '11/33', '1').expect(400)).body.message).toBe(PaymentMessages.cvcInvalid);
      expect((await change('4000000000000002').expect(402)).body.message).toBe(PaymentMessages.cardDeclined);
      expect((await change('4000000000009995').expect(402)).body.message).toBe(PaymentMessages.insufficientFunds);
      expect((await client.get('/api/subscription/card').expect(200)).body.card.last4).toBe('4242');

      expect((await change('5555 5555 5555 4444').expect(200)).body).toEqual({ card: { last4: '4444', expMonth: 11, expYear: 2033 } });
      const saved = await db.query('select card_last4, card_exp_month, card_exp_year from local_subscriptions where user_id = $1', [user.id]);
      expect(saved.rows).toEqual([{ card_last4: '4444', card_exp_month: 11, card_exp_year: 2033 }]);

      await periodOver(user.id);
      expect((await app.get(RenewLocalSubscriptionsUseCase).execute()).renewed).toBe(1);
      await app.get(EmailOutboxRelay).deliverPending();
      const receipts = premiumMails(details.email).filter((t) => /receipt/.test(subjectOf(t)));
      expect(receipts).toHaveLength(2);
      expect(receipts[1]).toContain('Card: ending in 4444');
      const { charges } = (await client.get('/api/subscription/charges').expect(200)).body as PremiumChargesResponse;
      expect(charges.map((c) => c.cardLast4)).toEqual(['4444', '4242']);
    });

    it('answers 400 to a creator without Premium, 404 for the Stripe-only routes, 401 signed out', async () => {
      const { client } = await signedInCreator(app);
      expect((await client.put('/api/subscription/card').send({ cardNumber: '5555555555554444', expiry: '11/33', cvc: '123' }).expect(400)).body.message).toBe(
        'You have no Premium subscription whose card could be changed.',
      );
      await client.put('/api/subscription/card').send({ cardNumber: 'x', expiry: '11/33', cvc: '123' }).expect(400);
      await client.post('/api/subscription/card/setup').expect(404);
      await client.post('/api/subscription/card/confirm').send({ setupIntentId: 'seti_123' }).expect(404);
      expect((await client.get('/api/subscription/card').expect(200)).body).toEqual({ card: null });
      await agent(app).put('/api/subscription/card').send({}).expect(401);
    });
  });
});
