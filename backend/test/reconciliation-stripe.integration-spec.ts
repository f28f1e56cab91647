import type { AddressInfo } from 'node:net';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import Stripe from 'stripe';
import { StripeApiStub, type StripeApiStubOptions } from '../../e2e/support/stripe-api-stub.js';
import { ReconciliationReports } from '../src/modules/reconciliation/application/ports/reconciliation-reports.js';
import { ReconcileDayUseCase } from '../src/modules/reconciliation/application/reconcile-day.use-case.js';
import type { ReconciliationRun } from '../src/modules/reconciliation/domain/run.js';
import { parseUtcDay, utcDayOf } from '../src/modules/reconciliation/domain/utc-day.js';
import { StripeProviderLedger } from '../src/modules/reconciliation/infrastructure/stripe-provider-ledger.js';
import { createStripeClient } from '../src/shared/infrastructure/stripe-client.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { agent, signedInCreator, startWorker, unique, uniqueIp, type Database } from './support/harness.js';
import { appWithMailbox } from './support/smtp.js';

/*
 * Reconciliation on the Stripe path: the real SDK against the e2e Stripe API stub (payment intents confirmed
 * as Stripe.js does, refunds, balance transactions, signed webhooks to the API listening on a port), the API
 * and a worker on a database of this file's own (a run reads every booking of the day). A refund made at
 * Stripe whose webhooks are lost is found by the day's reconciliation and applied once.
 */
const KEYS = { secretKey: 'sk_test_reconcile', publishableKey: 'pk_test_reconcile', webhookSecret: 'whsec_reconcile' };

describe('reconciliation with Stripe (API stub)', () => {
  let stub: StripeApiStub;
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let close: () => Promise<void>;
  const options: StripeApiStubOptions = { ...KEYS, webhookUrl: '' };
  const saved = Object.fromEntries(
    ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET'].map((name) => [
      name,
      process.env[name],
    ]),
  );

  beforeAll(async () => {
    stub = await new StripeApiStub(options).start();
    process.env.STRIPE_SECRET_KEY = KEYS.secretKey;
    process.env.STRIPE_PUBLISHABLE_KEY = KEYS.publishableKey;
    process.env.STRIPE_API_URL = stub.url;
    process.env.STRIPE_WEBHOOK_SECRET = KEYS.webhookSecret;
    ({ app, db, close } = await appWithMailbox('reconcile_stripe', 'http://localhost:3000'));
    await app.listen(0, '127.0.0.1');
    // The stub reads its webhook endpoint at each delivery: the API's, now that it listens.
    options.webhookUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api/webhooks/stripe`;
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await close?.();
    await stub?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const today = () => utcDayOf(new Date());
  const reconcile = (): Promise<ReconciliationRun> => worker.get(ReconcileDayUseCase).execute(today(), 'operator');

  /** The daily job, enqueued as its schedule does (for a given day), run by the worker. */
  async function reconcileJob(date: string): Promise<ReconciliationRun> {
    const queue = app.get(JobQueues).queue('maintenance');
    const job = await queue.add('reconcile-payments', { date });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed') break;
      if (state === 'failed')
        throw new Error(`reconcile-payments failed: ${(await queue.getJob(job.id!))?.failedReason}`);
      if (Date.now() > deadline) throw new Error(`reconcile-payments not done within 20 s (${state})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (await worker.get(ReconciliationReports).last())!;
  }

  /** A $40.00 session booked by a visitor and paid by card at Stripe (as Stripe.js confirms), its webhook applied. */
  async function paidBooking() {
    const creator = await signedInCreator(app);
    await creator.client
      .put('/api/users/booking-settings')
      .send({ enableBooking: true, bookingPrice: '40' })
      .expect(200);
    const booked = await agent(app, uniqueIp())
      .post(`/api/users/${creator.details.username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: `${unique('v')}@example.com` })
      .expect(201);
    const clientSecret = (booked.body as { clientSecret: string }).clientSecret;
    const intentId = clientSecret.split('_secret_')[0]!;
    const confirmed = await fetch(`${stub.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: KEYS.publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      }),
    });
    expect(confirmed.status).toBe(200);
    await stub.settled();
    const bookingId = (
      await db.query<{ id: string }>('select id from bookings where payment_intent_id = $1', [intentId])
    ).rows[0]!.id;
    expect(await stateOf(bookingId)).toMatchObject({ status: 'paid' });
    return { creator, bookingId, intentId };
  }

  const stateOf = async (bookingId: string) => ({
    status: (await db.query<{ status: string }>('select status from bookings where id = $1', [bookingId])).rows[0]!
      .status,
    refunds: (
      await db.query('select status, provider_refund_id, amount from refunds where booking_id = $1', [bookingId])
    ).rows,
    ledger: (await db.query('select kind, amount from ledger_entries where booking_id = $1 order by kind', [bookingId]))
      .rows,
  });

  it("a refund made at Stripe whose webhooks were lost is found by the day's job and applied once; the next run finds nothing", async () => {
    const { bookingId, intentId } = await paidBooking();
    stub.loseRefundWebhooks();
    const refund = stub.refund({ paymentIntent: intentId });
    stub.loseRefundWebhooks(false);
    expect(stub.lostWebhooks.map((lost) => lost.type)).toEqual(['charge.refunded', 'refund.created']);
    // Nothing arrived: the booking is still paid, the creator's earning whole.
    expect(await stateOf(bookingId)).toEqual({
      status: 'paid',
      refunds: [],
      ledger: [{ kind: 'earning', amount: 4000 }],
    });

    const run = await reconcileJob(today().label);
    expect(run).toMatchObject({ day: today().label, provider: 'stripe', trigger: 'schedule', found: 1, remaining: 0 });
    expect(run.differences).toEqual([
      expect.objectContaining({
        kind: 'refund_missing_here',
        bookingId,
        intentId,
        providerRefundId: refund.id,
        ours: null,
        theirs: 4800,
        resolution: 'applied',
      }),
    ]);
    expect(await stateOf(bookingId)).toEqual({
      status: 'refunded',
      refunds: [{ status: 'succeeded', provider_refund_id: refund.id, amount: 4800 }],
      ledger: [
        { kind: 'earning', amount: 4000 },
        { kind: 'reversal', amount: -4000 },
      ],
    });

    // The real webhook arriving late changes nothing more; nor does the next run.
    const payload = JSON.stringify({
      id: `evt_${unique('late')}`,
      object: 'event',
      type: 'refund.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: refund },
    });
    await agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret }))
      .send(payload)
      .expect(200);
    const again = await reconcile();
    expect(again).toMatchObject({
      found: 0,
      remaining: 0,
      compared: { payments: 1, refunds: 1, bookings: 1, ourRefunds: 1 },
    });
    expect((await stateOf(bookingId)).ledger).toHaveLength(2);
  });

  it("a creator's cancellation refunded through the Stripe adapter (its webhooks delivered) leaves nothing to reconcile", async () => {
    const { creator, bookingId, intentId } = await paidBooking();
    const cancelled = await creator.client.post(`/api/bookings/${bookingId}/cancel`).expect(200);
    expect(cancelled.body.booking.status).toBe('refunded');
    await stub.settled();
    const refunds = await stateOf(bookingId);
    expect(refunds.refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount: 4800 })]);
    expect(
      stub.deliveries.filter((d) => d.type === 'refund.created' || d.type === 'charge.refunded').map((d) => d.status),
    ).toEqual([200, 200]);

    // The stub honours the refund's idempotency key as Stripe does: asked again, the same refund; a new one is refused.
    const stripe = createStripeClient({ secretKey: KEYS.secretKey, apiUrl: stub.url });
    const ours = await db.query<{ id: string; provider_refund_id: string }>(
      'select id, provider_refund_id from refunds where booking_id = $1',
      [bookingId],
    );
    const again = await stripe.refunds.create(
      { payment_intent: intentId },
      { idempotencyKey: `refund-${ours.rows[0]!.id}-0` },
    );
    expect(again.id).toBe(ours.rows[0]!.provider_refund_id);
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect((await stripe.refunds.list({ payment_intent: intentId })).data).toHaveLength(1);

    expect(await reconcile()).toMatchObject({
      found: 0,
      remaining: 0,
      compared: { payments: 2, refunds: 2, bookings: 2, ourRefunds: 2 },
    });
  });

  it("a Premium payment at Stripe matches the creator's subscription (by the creator's Stripe customer)", async () => {
    const creator = await signedInCreator(app);
    const { clientSecret } = (await creator.client.post('/api/create-subscription').expect(200)).body as {
      clientSecret: string;
    };
    const confirmed = await fetch(`${stub.url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: KEYS.publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      }),
    });
    expect(confirmed.status).toBe(200);
    await stub.settled();
    expect((await creator.client.get('/api/subscription').expect(200)).body).toMatchObject({ status: 'active' });

    expect(await reconcile()).toMatchObject({ found: 0, remaining: 0, compared: { payments: 3, bookings: 2 } });
  });

  it("Stripe's records of a day are read page by page (the stub lists as Stripe does), and nothing of another day", async () => {
    const stripe = createStripeClient({ secretKey: KEYS.secretKey, apiUrl: stub.url });
    const first = await stripe.balanceTransactions.list({
      limit: 2,
      created: { gte: Math.floor(today().start.getTime() / 1000) },
    });
    expect(first).toMatchObject({ object: 'list', url: '/v1/balance_transactions', has_more: true });
    expect(first.data.map((txn) => txn.type)).toEqual(['charge', 'refund']); // the newest first: the Premium charge's, the cancellation's refund
    const next = await stripe.balanceTransactions.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(next.data[0]).toMatchObject({ type: 'charge', amount: 4800, fee: 169, net: 4631 });

    const byPages = await new StripeProviderLedger(stripe, 1).day(today());
    const atOnce = await new StripeProviderLedger(stripe).day(today());
    expect(byPages).toEqual(atOnce);
    expect(atOnce.payments.map((p) => p.amount).sort((a, b) => a - b)).toEqual([999, 4800, 4800]);
    expect(atOnce.refunds.map((r) => [r.amount, r.status])).toEqual([
      [4800, 'succeeded'],
      [4800, 'succeeded'],
    ]);
    expect(await new StripeProviderLedger(stripe).day(parseUtcDay('2026-01-01')!)).toEqual({
      payments: [],
      refunds: [],
    });
  });

  it('a booking marked paid here with no payment at Stripe is reported, and stays reported', async () => {
    const { creator } = await paidBooking();
    const bookingId = crypto.randomUUID();
    const intentId = `pi_${unique('nowhere')}`;
    await db.query(
      `insert into bookings (id, creator_id, customer_name, customer_email, user_amount, platform_fee, amount, status, payment_intent_id, created_at, paid_at)
       values ($1, $2, 'Ada', 'ada@example.com', 4000, 800, 4800, 'paid', $3, now(), now())`,
      [bookingId, creator.user.id, intentId],
    );
    await db.query(
      'insert into ledger_entries (id, creator_id, booking_id, amount, created_at) values ($1, $2, $3, 4000, now())',
      [crypto.randomUUID(), creator.user.id, bookingId],
    );

    const run = await reconcile();
    expect(run).toMatchObject({ found: 1, remaining: 1 });
    expect(run.differences).toEqual([
      expect.objectContaining({
        kind: 'payment_missing_at_provider',
        bookingId,
        intentId,
        ours: 4800,
        theirs: null,
        resolution: 'reported',
      }),
    ]);
    expect((await reconcile()).differences.map((d) => d.kind)).toEqual(['payment_missing_at_provider']);
  });
});
