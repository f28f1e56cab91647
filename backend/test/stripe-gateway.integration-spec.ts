import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { PaymentMessages } from '@linkbio/shared-contracts';
import { StripePaymentGateway } from '../src/modules/billing/infrastructure/stripe-payment.gateway.js';
import { createStripeClient } from '../src/shared/infrastructure/stripe-client.js';
import { aDomainError } from '../src/shared/testing/domain-error.matcher.js';
import { agent, Database, freePort, signedInCreator, startApp } from './support/harness.js';

/*
 * StripePaymentGateway with the real `stripe` SDK against a local HTTP stub of the endpoints it calls: the
 * requests' paths, form bodies, Bearer key and Idempotency-Key headers are Stripe's real wire format. Then
 * Stripe down (500s, or nothing listening): each call, and the API's booking and subscribe routes over it.
 */

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

const PERIOD_END = 1_800_000_000;

function answer(method: string, path: string, form: Record<string, string>): [number, unknown] {
  if (method === 'POST' && path === '/v1/payment_intents') {
    return [200, { id: 'pi_123', object: 'payment_intent', amount: Number(form.amount), currency: form.currency, status: 'requires_payment_method', client_secret: 'pi_123_secret_abc', metadata: { bookingId: form['metadata[bookingId]'] } }];
  }
  if (method === 'GET' && path === '/v1/payment_intents/pi_123') {
    return [200, { id: 'pi_123', object: 'payment_intent', amount: 3060, currency: 'usd', status: 'succeeded', client_secret: 'pi_123_secret_abc', metadata: { bookingId: 'b-1' } }];
  }
  if (method === 'GET' && path.startsWith('/v1/payment_intents/')) {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }];
  }
  if (method === 'POST' && path === '/v1/customers') return [200, { id: 'cus_1', object: 'customer' }];
  if (method === 'GET' && path.startsWith('/v1/prices')) return [200, { object: 'list', data: [{ id: 'price_lookup', object: 'price' }], has_more: false }];
  const subscription = (cancel: boolean) => ({
    id: 'sub_1',
    object: 'subscription',
    status: cancel ? 'active' : 'incomplete',
    cancel_at_period_end: cancel,
    customer: 'cus_1',
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END }] },
    latest_invoice: { id: 'in_1', object: 'invoice', status: 'open', confirmation_secret: { client_secret: 'pi_inv_secret_xyz', type: 'payment_intent' } },
  });
  if (method === 'POST' && path === '/v1/subscriptions') return [200, subscription(false)];
  if (method === 'GET' && path === '/v1/subscriptions/sub_1') return [200, subscription(false)];
  if (method === 'GET' && path === '/v1/subscriptions/sub_paid') return [200, { ...subscription(true), id: 'sub_paid', latest_invoice: { id: 'in_2', object: 'invoice', status: 'paid', confirmation_secret: null } }];
  if (method === 'GET' && path.startsWith('/v1/subscriptions/')) {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }];
  }
  if (method === 'POST' && path === '/v1/subscriptions/sub_1') return [200, subscription(true)];
  if (method === 'DELETE' && path === '/v1/subscriptions/sub_1') return [200, { ...subscription(false), status: 'canceled' }];
  if (method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }];
  }
  if (method === 'POST' && path === '/v1/refunds') {
    const status = form.payment_intent === 'pi_pending' ? 'pending' : form.payment_intent === 'pi_refused' ? 'failed' : 'succeeded';
    return [200, { id: 're_1', object: 'refund', amount: Number(form.amount), payment_intent: form.payment_intent, status }];
  }
  return [404, { error: { type: 'invalid_request_error', message: `stub has no ${method} ${path}` } }];
}

describe('StripePaymentGateway against a stub of Stripe’s API', () => {
  let server: Server;
  let seen: Seen[];
  let url: string;

  beforeAll(async () => {
    seen = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        const query = (req.url ?? '').split('?')[1] ?? '';
        const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? query : body));
        seen.push({ method: req.method!, path, headers: req.headers, form });
        const [status, json] = answer(req.method!, path, form);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_stub' }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen = []));

  const gateway = (priceId?: string) => new StripePaymentGateway(createStripeClient({ secretKey: 'sk_test_stub', apiUrl: url }), 'pk_test_stub', priceId);

  it('creates a booking PaymentIntent: total cents, usd, the booking id, automatic payment methods, idempotent per booking', async () => {
    const intent = await gateway().createBookingIntent({ bookingId: 'b-1', amount: 3060, description: 'Session with Ada', receiptEmail: 'c@example.com' });
    expect(intent).toEqual({ intentId: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers.authorization).toBe('Bearer sk_test_stub');
    expect(request!.headers['idempotency-key']).toBe('booking-b-1-intent');
    expect(request!.form).toEqual({
      amount: '3060',
      currency: 'usd',
      description: 'Session with Ada',
      receipt_email: 'c@example.com',
      'metadata[bookingId]': 'b-1',
      'automatic_payment_methods[enabled]': 'true',
    });
  });

  it('creates an order’s PaymentIntent (a product or a tip): the order id in its metadata, idempotent per order; its refund names the order', async () => {
    const intent = await gateway().createOrderIntent({ orderId: 'o-1', amount: 1200, description: 'The Guide from Ada', receiptEmail: 'c@example.com', returnPath: '/ada' });
    expect(intent).toEqual({ intentId: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    expect(seen[0]!.headers['idempotency-key']).toBe('order-o-1-intent');
    expect(seen[0]!.form).toEqual({
      amount: '1200',
      currency: 'usd',
      description: 'The Guide from Ada',
      receipt_email: 'c@example.com',
      'metadata[orderId]': 'o-1',
      'automatic_payment_methods[enabled]': 'true',
    });
    await gateway().refund({ intentId: 'pi_123', amount: 1200, key: 'r-9-0', orderId: 'o-1' });
    expect(seen[1]!.form).toMatchObject({ payment_intent: 'pi_123', amount: '1200', 'metadata[orderId]': 'o-1' });
    expect(seen[1]!.form).not.toHaveProperty('metadata[bookingId]');
  });

  it('refunds a payment in full under the refund’s idempotency key, and says how it stands', async () => {
    expect(await gateway().refund({ intentId: 'pi_123', amount: 4800, key: 'r-1-0', bookingId: 'b-1' })).toEqual({ refundId: 're_1', status: 'succeeded' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(seen[0]!.headers['idempotency-key']).toBe('refund-r-1-0');
    expect(seen[0]!.form).toEqual({ payment_intent: 'pi_123', amount: '4800', 'metadata[bookingId]': 'b-1' });
    expect(await gateway().refund({ intentId: 'pi_pending', amount: 4800, key: 'r-2-0', bookingId: 'b-2' })).toEqual({ refundId: 're_1', status: 'pending' });
    expect(await gateway().refund({ intentId: 'pi_refused', amount: 4800, key: 'r-3-0', bookingId: 'b-3' })).toEqual({ refundId: 're_1', status: 'failed' });
  });

  it('retrieves an intent for the success check, and answers null for an unknown one', async () => {
    expect(await gateway().retrieveIntent('pi_123')).toEqual({
      id: 'pi_123',
      status: 'succeeded',
      amount: 3060,
      currency: 'usd',
      clientSecret: 'pi_123_secret_abc',
      metadata: { bookingId: 'b-1' },
    });
    expect(await gateway().retrieveIntent('pi_missing')).toBeNull();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/payment_intents/pi_123', 'GET /v1/payment_intents/pi_missing']);
  });

  it('creates a customer per creator, idempotent per creator', async () => {
    expect(await gateway().createCustomer({ userId: 'u-1', email: 'ada@example.com', name: 'Ada' })).toBe('cus_1');
    expect(seen[0]!.headers['idempotency-key']).toBe('customer-u-1');
    expect(seen[0]!.form).toEqual({ email: 'ada@example.com', name: 'Ada', 'metadata[userId]': 'u-1' });
  });

  it('creates a default_incomplete subscription with the configured price and answers the first invoice’s client secret', async () => {
    const created = await gateway('price_env').createSubscription({ userId: 'u-1', customerId: 'cus_1', attemptId: 'a-1' });
    expect(created).toEqual({
      subscriptionId: 'sub_1',
      clientSecret: 'pi_inv_secret_xyz',
      state: { status: 'incomplete', currentPeriodEnd: new Date(PERIOD_END * 1000), cancelAtPeriodEnd: false },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['idempotency-key']).toBe('subscription-a-1');
    expect(seen[0]!.form).toEqual({
      customer: 'cus_1',
      'items[0][price]': 'price_env',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[userId]': 'u-1',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
  });

  it('finds the price by lookup key when STRIPE_PRICE_ID is unset (once)', async () => {
    const stripe = gateway();
    await stripe.createSubscription({ userId: 'u-1', customerId: 'cus_1', attemptId: 'a-2' });
    await stripe.createSubscription({ userId: 'u-1', customerId: 'cus_1', attemptId: 'a-3' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/prices', 'POST /v1/subscriptions', 'POST /v1/subscriptions']);
    expect(seen[0]!.form).toEqual({ 'lookup_keys[0]': 'linkbio_premium_monthly', active: 'true', limit: '1' });
    expect(seen[1]!.form['items[0][price]']).toBe('price_lookup');
  });

  it('finds the first payment of a subscription still waiting for it, and none for a paid or unknown one', async () => {
    expect(await gateway().pendingPayment('sub_1')).toBe('pi_inv_secret_xyz');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_1', form: { 'expand[0]': 'latest_invoice.confirmation_secret' } });
    expect(await gateway().pendingPayment('sub_paid')).toBeNull();
    expect(await gateway().pendingPayment('sub_unknown')).toBeNull();
  });

  it('reads a subscription’s state, and none for an unknown one', async () => {
    expect(await gateway().subscriptionState('sub_paid')).toEqual({ status: 'active', currentPeriodEnd: new Date(PERIOD_END * 1000), cancelAtPeriodEnd: true });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_paid', form: {} });
    expect(await gateway().subscriptionState('sub_unknown')).toBeNull();
  });

  it('cancels at period end', async () => {
    expect(await gateway().cancelAtPeriodEnd('sub_1')).toEqual({ status: 'active', currentPeriodEnd: new Date(PERIOD_END * 1000), cancelAtPeriodEnd: true });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_1', form: { cancel_at_period_end: 'true' } });
  });

  it('cancels at once (an account deleted), and takes one Stripe no longer has as ended', async () => {
    expect(await gateway().cancelNow('sub_1')).toEqual({ status: 'canceled', currentPeriodEnd: new Date(PERIOD_END * 1000), cancelAtPeriodEnd: false });
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
    expect(await gateway().cancelNow('sub_unknown')).toEqual({ status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false });
  });
});

describe('when Stripe cannot be reached or fails', () => {
  let failing: Server;
  let failingUrl: string;
  let unreachableUrl: string;

  beforeAll(async () => {
    // Stripe's own answer to an outage: 500 with an api_error, for every call.
    failing = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(500, { 'Content-Type': 'application/json', 'Request-Id': 'req_down' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } })),
      );
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    unreachableUrl = `http://127.0.0.1:${await freePort()}`; // nothing listens there
  });

  afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

  const calls: Array<[string, (gateway: StripePaymentGateway) => Promise<unknown>]> = [
    ['createBookingIntent', (g) => g.createBookingIntent({ bookingId: 'b-1', amount: 3060, description: 'Session', receiptEmail: 'c@example.com' })],
    ['retrieveIntent', (g) => g.retrieveIntent('pi_123')],
    ['createCustomer', (g) => g.createCustomer({ userId: 'u-1', email: 'c@example.com', name: 'Ada' })],
    ['createSubscription', (g) => g.createSubscription({ userId: 'u-1', customerId: 'cus_1', attemptId: 'a-1' })],
    ['pendingPayment', (g) => g.pendingPayment('sub_1')],
    ['subscriptionState', (g) => g.subscriptionState('sub_1')],
    ['cancelAtPeriodEnd', (g) => g.cancelAtPeriodEnd('sub_1')],
    ['cancelNow', (g) => g.cancelNow('sub_1')],
    ['refund', (g) => g.refund({ intentId: 'pi_123', amount: 4800, key: 'r-1-0', bookingId: 'b-1' })],
  ];

  it.each(calls)('%s rejects as unavailable, with a message for people, on a 500 and on a refused connection', async (_, call) => {
    for (const apiUrl of [failingUrl, unreachableUrl]) {
      const gateway = new StripePaymentGateway(createStripeClient({ secretKey: 'sk_test_down', apiUrl }), 'pk_test_down', 'price_1');
      await expect(call(gateway)).rejects.toEqual(aDomainError('unavailable', PaymentMessages.providerUnavailable));
    }
  });

  describe('over HTTP', () => {
    let app: INestApplication;
    let db: Database;
    const saved = { key: process.env.STRIPE_SECRET_KEY, url: process.env.STRIPE_API_URL };

    beforeAll(async () => {
      process.env.STRIPE_SECRET_KEY = 'sk_test_down';
      process.env.STRIPE_API_URL = unreachableUrl;
      app = await startApp();
      db = new Database();
    });

    afterAll(async () => {
      await db?.close();
      await app?.close();
      for (const [name, value] of [['STRIPE_SECRET_KEY', saved.key], ['STRIPE_API_URL', saved.url]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('answers a booking 503 with the reason and marks it failed, so the creator never sees it waiting', async () => {
      const creator = await signedInCreator(app);
      await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);

      const response = await agent(app)
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' })
        .expect(503);

      expect(response.body).toEqual({ statusCode: 503, message: PaymentMessages.providerUnavailable });
      expect(response.headers['retry-after']).toBe('60');
      const rows = await db.query<{ status: string; payment_intent_id: string | null }>(
        'select b.status, b.payment_intent_id from bookings b join users u on u.id = b.creator_id where u.username = $1',
        [creator.details.username],
      );
      expect(rows.rows).toEqual([{ status: 'failed', payment_intent_id: null }]);
    });

    it('answers subscribing 503 with the reason, and the creator stays on the free plan', async () => {
      const creator = await signedInCreator(app);

      const response = await creator.client.post('/api/create-subscription').send({}).expect(503);

      expect(response.body).toEqual({ statusCode: 503, message: PaymentMessages.providerUnavailable });
      const me = await creator.client.get('/api/auth/me').expect(200);
      expect((me.body as { isPremium: boolean }).isPremium).toBe(false);
    });
  });
});
