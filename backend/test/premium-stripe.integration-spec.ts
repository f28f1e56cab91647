import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import Stripe from 'stripe';
import { PremiumMessages, type PremiumChargesResponse } from '@linkbio/shared-contracts';
import { SubscriptionsUseCase } from '../src/modules/billing/application/subscriptions.use-case.js';
import { agent, signedInCreator, type Database } from './support/harness.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Premium on the Stripe path (issue 24), Stripe's API a local stub: invoice.paid makes a receipt with the card
 * read from the invoice's payment, invoice.payment_failed a notice of the next attempt, a SetupIntent changes
 * the card that renews the subscription, and a subscription Stripe reports while the creator has a live one
 * is marked superseded and cancelled by the sweep.
 */
const WEBHOOK_SECRET = 'whsec_premium_stripe';
const PERIOD_START = Math.floor(Date.now() / 1000) - 60;
const PERIOD_END = PERIOD_START + 30 * 86_400;

interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
}

describe('Premium with Stripe', () => {
  let server: Server;
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  const calls: Call[] = [];
  let subscriptionCount = 0;
  /** Each subscription's status at Stripe: incomplete once made, active once the test says it was paid. */
  const statuses = new Map<string, string>();
  /** When set, POST /v1/subscriptions answers 500 (Stripe down) after waiting this long; otherwise it waits `slowMs`. */
  let subscriptionsDown = false;
  let slowMs = 0;
  /** The customer a SetupIntent belongs to, and its status, as the stub answers them. */
  const setups = new Map<string, { customer: string; status: string }>();
  const saved = Object.fromEntries(['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'].map((name) => [name, process.env[name]]));

  const subscription = (id: string, userId: string, status: string) => ({
    id,
    object: 'subscription',
    status,
    cancel_at_period_end: false,
    customer: `cus_${userId.replace(/-/g, '')}`,
    metadata: { userId },
    items: { object: 'list', data: [{ id: 'si_1', current_period_start: PERIOD_START, current_period_end: PERIOD_END }] },
    latest_invoice: { id: `in_${id}`, object: 'invoice', status: 'open', confirmation_secret: { client_secret: `pi_${id}_secret_1`, type: 'payment_intent' } },
  });

  function answer(method: string, path: string, form: URLSearchParams): [number, unknown] {
    calls.push({ method, path, form });
    if (method === 'POST' && path === '/v1/customers') return [200, { id: `cus_${form.get('metadata[userId]')!.replace(/-/g, '')}`, object: 'customer' }];
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (subscriptionsDown) return [500, { error: { type: 'api_error', message: 'An unknown error occurred' } }];
      subscriptionCount += 1;
      statuses.set(`sub_${subscriptionCount}`, 'incomplete');
      return [200, subscription(`sub_${subscriptionCount}`, form.get('metadata[userId]')!, 'incomplete')];
    }
    let match = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
    if (match && method === 'DELETE') return [200, { ...subscription(match[1]!, '', 'canceled'), metadata: {} }];
    if (match && method === 'POST') {
      const pm = form.get('default_payment_method');
      return [200, { ...subscription(match[1]!, '', 'active'), default_payment_method: pm }];
    }
    if (match && method === 'GET') {
      return [200, { ...subscription(match[1]!, '', statuses.get(match[1]!) ?? 'active'), default_payment_method: { id: 'pm_1', object: 'payment_method', card: { last4: '4242', exp_month: 12, exp_year: 2034 } } }];
    }
    match = /^\/v1\/invoices\/(\w+)$/.exec(path);
    if (match && method === 'GET') {
      const last4 = match[1]!.endsWith('renewal2') ? '4444' : '4242';
      return [200, {
        id: match[1],
        object: 'invoice',
        payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: { id: 'pi_x', object: 'payment_intent', latest_charge: { id: 'ch_x', payment_method_details: { type: 'card', card: { last4 } } } } } }] },
      }];
    }
    match = /^\/v1\/customers\/(\w+)$/.exec(path);
    if (match && method === 'POST') return [200, { id: match[1], object: 'customer' }];
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = `seti_${setups.size + 1}`;
      setups.set(id, { customer: form.get('customer')!, status: 'requires_payment_method' });
      return [200, { id, object: 'setup_intent', client_secret: `${id}_secret_x`, customer: form.get('customer'), status: 'requires_payment_method', usage: form.get('usage') }];
    }
    match = /^\/v1\/setup_intents\/(\w+)$/.exec(path);
    if (match && method === 'GET') {
      const setup = setups.get(match[1]!);
      if (!setup) return [404, { error: { type: 'invalid_request_error', message: 'No such setupintent' } }];
      return [200, {
        id: match[1],
        object: 'setup_intent',
        customer: setup.customer,
        status: setup.status,
        payment_method: setup.status === 'succeeded' ? { id: 'pm_new', object: 'payment_method', card: { last4: '4444', exp_month: 11, exp_year: 2033 } } : null,
      }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `stub has no ${method} ${path}` } }];
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const [status, json] = answer(req.method!, (req.url ?? '').split('?')[0]!, new URLSearchParams(body));
        const delay = req.method === 'POST' && req.url === '/v1/subscriptions' ? slowMs : 0;
        setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_stub' }).end(JSON.stringify(json)), delay);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.STRIPE_SECRET_KEY = 'sk_test_premium';
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_PRICE_ID = 'price_premium';
    ({ app, db, smtp, close } = await appWithMailbox('premium_stripe', 'http://localhost:3000'));
  });

  afterAll(async () => {
    await close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  let eventCount = 0;
  const webhook = (type: string, object: unknown, id = `evt_${type}_${(eventCount += 1)}`) => {
    const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    return agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);
  };
  const invoice = (id: string, subscriptionId: string, extra: Record<string, unknown>) => ({
    id,
    object: 'invoice',
    currency: 'usd',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    lines: { object: 'list', data: [{ period: { start: PERIOD_START, end: PERIOD_END } }] },
    ...extra,
  });
  const mailsOf = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(textOf);
  const waitForMails = async (email: string, count: number) => {
    for (let i = 0; i < 50 && mailsOf(email).length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    return mailsOf(email);
  };

  /** A creator whose Stripe subscription is active and whose first invoice was paid. */
  async function premiumCreator() {
    const creator = await signedInCreator(app);
    const before = mailsOf(creator.details.email).length;
    await creator.client.post('/api/create-subscription').expect(200);
    const { rows } = await db.query<{ id: string }>('select id from subscriptions where user_id = $1', [creator.user.id]);
    const subscriptionId = rows[0]!.id;
    statuses.set(subscriptionId, 'active');
    await webhook('customer.subscription.updated', subscription(subscriptionId, creator.user.id, 'active')).expect(200);
    await webhook('invoice.paid', invoice(`in_${subscriptionId}`, subscriptionId, { amount_paid: 999, billing_reason: 'subscription_create' })).expect(200);
    await waitForMails(creator.details.email, before + 1);
    return { ...creator, subscriptionId };
  }

  it('ten subscribe calls at once while Stripe is slow: one subscription at Stripe, one client secret', async () => {
    const { client, user } = await signedInCreator(app);
    const before = subscriptionCount;
    slowMs = 300;
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/create-subscription')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => (a.body as { clientSecret: string }).clientSecret)).size).toBe(1);
    } finally {
      slowMs = 0;
    }
    expect(subscriptionCount - before).toBe(1);
    expect((await db.query('select id from subscriptions where user_id = $1', [user.id])).rows).toHaveLength(1);
  });

  it('Stripe failing while subscribing stores nothing (503); the next call subscribes', async () => {
    const { client, user } = await signedInCreator(app);
    subscriptionsDown = true;
    try {
      await client.post('/api/create-subscription').expect(503);
    } finally {
      subscriptionsDown = false;
    }
    expect((await db.query('select id from subscriptions where user_id = $1', [user.id])).rows).toHaveLength(0);
    expect((await client.post('/api/create-subscription').expect(200)).body).toHaveProperty('clientSecret');
    expect((await db.query('select id from subscriptions where user_id = $1', [user.id])).rows).toHaveLength(1);
  });

  it('invoice.paid: one receipt with the card read from the invoice’s payment, however often delivered', async () => {
    const { client, details, subscriptionId } = await premiumCreator();
    const paid = invoice(`in_${subscriptionId}`, subscriptionId, { amount_paid: 999, billing_reason: 'subscription_create' });
    await webhook('invoice.paid', paid).expect(200); // Stripe delivering it again, as another event
    const receipts = (await waitForMails(details.email, 1)).filter((t) => /Premium receipt/.test(t));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Card: ending in 4242');
    expect(receipts[0]).toContain('Amount paid: $9.99');
    expect(calls.some((c) => c.method === 'GET' && c.path === `/v1/invoices/in_${subscriptionId}`)).toBe(true);
    const { charges } = (await client.get('/api/subscription/charges').expect(200)).body as PremiumChargesResponse;
    expect(charges).toEqual([
      expect.objectContaining({
        amountCents: 999,
        cardLast4: '4242',
        status: 'paid',
        receiptNumber: expect.stringMatching(/^LB-\d{4}-\d{6}$/),
        periodStart: new Date(PERIOD_START * 1000).toISOString(),
        periodEnd: new Date(PERIOD_END * 1000).toISOString(),
      }),
    ]);
  });

  it('invoice.payment_failed on a renewal: a notice naming the next attempt, once; paid on retry, a receipt', async () => {
    const { client, details, subscriptionId } = await premiumCreator();
    const next = PERIOD_END + 3 * 86_400;
    const failed = invoice(`in_${subscriptionId}_renewal`, subscriptionId, { amount_paid: 0, amount_due: 999, billing_reason: 'subscription_cycle', next_payment_attempt: next });
    await webhook('invoice.payment_failed', failed).expect(200);
    await webhook('invoice.payment_failed', failed).expect(200);
    const notices = (await waitForMails(details.email, 2)).filter((t) => /declined/.test(t));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('We will try again on');
    expect(notices[0]).toContain('Change card');

    await webhook('invoice.paid', { ...failed, amount_paid: 999 }).expect(200);
    const { charges } = (await client.get('/api/subscription/charges').expect(200)).body as PremiumChargesResponse;
    expect(charges.map((c) => c.status)).toEqual(['paid', 'paid']);
    expect((await waitForMails(details.email, 3)).filter((t) => /Premium receipt/.test(t))).toHaveLength(2);
  });

  it('changes the card with a SetupIntent: the subscription’s and the customer’s default payment method', async () => {
    const { client, user, subscriptionId } = await premiumCreator();
    expect((await client.get('/api/subscription/card').expect(200)).body).toEqual({ card: { last4: '4242', expMonth: 12, expYear: 2034 } });
    const { clientSecret } = (await client.post('/api/subscription/card/setup').expect(200)).body as { clientSecret: string };
    const setupId = clientSecret.split('_secret_')[0]!;
    const created = calls.filter((c) => c.path === '/v1/setup_intents').at(-1)!;
    expect(created.form.get('usage')).toBe('off_session');
    expect(created.form.get('customer')).toBe(`cus_${user.id.replace(/-/g, '')}`);

    // Not confirmed yet: refused, nothing changed.
    expect((await client.post('/api/subscription/card/confirm').send({ setupIntentId: setupId }).expect(400)).body.message).toBe(PremiumMessages.setupNotSucceeded);
    setups.get(setupId)!.status = 'succeeded';
    expect((await client.post('/api/subscription/card/confirm').send({ setupIntentId: setupId }).expect(200)).body).toEqual({
      card: { last4: '4444', expMonth: 11, expYear: 2033 },
    });
    const update = calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(update.form.get('default_payment_method')).toBe('pm_new');
    const customer = calls.filter((c) => c.method === 'POST' && c.path === `/v1/customers/cus_${user.id.replace(/-/g, '')}`).at(-1)!;
    expect(customer.form.get('invoice_settings[default_payment_method]')).toBe('pm_new');

    // Another creator's SetupIntent, or one that does not exist: not found.
    const other = await premiumCreator();
    await other.client.post('/api/subscription/card/confirm').send({ setupIntentId: setupId }).expect(404);
    await other.client.post('/api/subscription/card/confirm').send({ setupIntentId: 'seti_nothere' }).expect(404);
    await other.client.post('/api/subscription/card/confirm').send({ setupIntentId: 'not an id' }).expect(400);
    await other.client.put('/api/subscription/card').send({ cardNumber: '5555555555554444', expiry: '11/33', cvc: '123' }).expect(404);
  });

  it('a subscription Stripe reports while the creator has a live one is superseded, then cancelled by the sweep', async () => {
    const { user, subscriptionId } = await premiumCreator();
    await webhook('customer.subscription.created', subscription('sub_stray', user.id, 'incomplete')).expect(200);
    const rows = await db.query<{ id: string; superseded: boolean }>(
      'select id, superseded_at is not null as superseded from subscriptions where user_id = $1 order by id',
      [user.id],
    );
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { id: subscriptionId, superseded: false },
        { id: 'sub_stray', superseded: true },
      ]),
    );
    await app.get(SubscriptionsUseCase).endSuperseded();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_stray')).toBe(true);
    const stray = await db.query<{ status: string }>("select status from subscriptions where id = 'sub_stray'");
    expect(stray.rows[0]!.status).toBe('canceled');
    expect((await db.query<{ is_premium: boolean }>('select is_premium from users where id = $1', [user.id])).rows[0]!.is_premium).toBe(true);
  });
});
