import type { INestApplication } from '@nestjs/common';
import { RenewLocalSubscriptionsUseCase } from '../src/modules/billing/application/renew-local-subscriptions.use-case.js';
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
});
