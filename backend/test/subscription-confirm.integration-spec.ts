import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import Stripe from 'stripe';
import { agent, signedInCreator, startApp } from './support/harness.js';

/*
 * POST /api/subscription/confirm on the Stripe path: once the page has paid the first invoice, the plan is
 * taken from Stripe at once, though Stripe's events about it come later (or out of order). Stripe's API is a
 * local stub of the calls subscribing makes, whose subscription turns active when the test says it was paid.
 */

const WEBHOOK_SECRET = 'whsec_subscription_confirm';
const PERIOD_END = Math.floor(Date.now() / 1000) + 30 * 86_400;

describe('confirming a subscription with Stripe after the page paid', () => {
  let server: Server;
  let app: INestApplication;
  /** The subscription's status at Stripe. */
  let stripeStatus = 'incomplete';
  let subscriptionReads = 0;
  const saved = Object.fromEntries(['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'].map((name) => [name, process.env[name]]));

  const subscription = (status: string, userId: string) => ({
    id: 'sub_confirm',
    object: 'subscription',
    status,
    cancel_at_period_end: false,
    customer: 'cus_confirm',
    metadata: { userId },
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END }] },
    latest_invoice: { id: 'in_1', object: 'invoice', status: status === 'incomplete' ? 'open' : 'paid', confirmation_secret: { client_secret: 'pi_sub_secret_1', type: 'payment_intent' } },
  });

  beforeAll(async () => {
    let userId = '';
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        let answer: unknown = { error: { type: 'invalid_request_error', message: `stub has no ${req.method} ${path}` } };
        if (req.method === 'POST' && path === '/v1/customers') answer = { id: 'cus_confirm', object: 'customer' };
        if (req.method === 'POST' && path === '/v1/subscriptions') {
          userId = new URLSearchParams(body).get('metadata[userId]') ?? '';
          answer = subscription('incomplete', userId);
        }
        if (req.method === 'GET' && path === '/v1/subscriptions/sub_confirm') {
          subscriptionReads += 1;
          answer = subscription(stripeStatus, userId);
        }
        const status = answer && typeof answer === 'object' && 'error' in answer ? 404 : 200;
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.STRIPE_SECRET_KEY = 'sk_test_confirm';
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_PRICE_ID = 'price_confirm';
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const webhook = (type: string, object: unknown, created: number) => {
    const payload = JSON.stringify({ id: `evt_${type}_${created}`, object: 'event', type, created, data: { object } });
    return agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);
  };

  it('takes the plan from Stripe once paid, and Stripe’s late events change nothing', async () => {
    const { client, user } = await signedInCreator(app);
    const created = Math.floor(Date.now() / 1000) - 5;
    expect((await client.post('/api/create-subscription').expect(200)).body).toEqual({ clientSecret: 'pi_sub_secret_1' });

    // Not paid yet: Stripe says incomplete, and so does the plan.
    expect((await client.post('/api/subscription/confirm').expect(200)).body).toMatchObject({ plan: 'free', status: 'incomplete' });
    expect((await client.get('/api/auth/me').expect(200)).body.isPremium).toBe(false);

    // Paid in the page; no event from Stripe yet.
    stripeStatus = 'active';
    const confirmed = await client.post('/api/subscription/confirm').expect(200);
    expect(confirmed.body).toEqual({ plan: 'premium', status: 'active', currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(), cancelAtPeriodEnd: false });
    expect((await client.get('/api/auth/me').expect(200)).body.isPremium).toBe(true);

    // Stripe's events arrive afterwards, the creation one last: the plan stays Premium.
    await webhook('customer.subscription.updated', subscription('active', user.id), created + 1).expect(200);
    await webhook('customer.subscription.created', subscription('incomplete', user.id), created).expect(200);
    expect((await client.get('/api/subscription').expect(200)).body).toMatchObject({ plan: 'premium', status: 'active' });

    // Asked again (another tab): Premium already, Stripe is not asked.
    const reads = subscriptionReads;
    expect((await client.post('/api/subscription/confirm').expect(200)).body).toMatchObject({ plan: 'premium', status: 'active' });
    expect(subscriptionReads).toBe(reads);
  });

  it('answers the plan as it is for a creator who never subscribed, and asks for a signed-in creator', async () => {
    const { client } = await signedInCreator(app);
    expect((await client.post('/api/subscription/confirm').expect(200)).body).toEqual({ plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false });
    await agent(app).post('/api/subscription/confirm').expect(401);
  });
});
