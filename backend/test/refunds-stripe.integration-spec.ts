import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import Stripe from 'stripe';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { agent, signedInCreator, unique, uniqueIp, type Database } from './support/harness.js';
import { appWithMailbox } from './support/smtp.js';

/*
 * Refunds on the Stripe path, its API a local stub that can be made to fail: a refund Stripe could not be
 * asked about is asked again by the sweep under the same idempotency key (it may have been made), one Stripe
 * refused is asked again under a new key, and one Stripe reports pending is completed by its event.
 */
const WEBHOOK_SECRET = 'whsec_refunds_stripe';

interface RefundCall {
  key: string | undefined;
  intent: string | null;
}

describe('refunds with Stripe, when Stripe fails', () => {
  let server: Server;
  let app: INestApplication;
  let db: Database;
  let close: () => Promise<void>;
  /** How the stub answers POST /v1/refunds next: down (500), refused, pending or succeeded. */
  let refundAnswer: 'down' | 'failed' | 'pending' | 'succeeded' = 'succeeded';
  const refundCalls: RefundCall[] = [];
  const saved = Object.fromEntries(['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_WEBHOOK_SECRET'].map((name) => [name, process.env[name]]));

  function answer(method: string, path: string, form: URLSearchParams, headers: IncomingHttpHeaders): [number, unknown] {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${form.get('metadata[bookingId]')!.replace(/-/g, '')}`;
      return [200, { id, object: 'payment_intent', amount: Number(form.get('amount')), currency: 'usd', status: 'requires_payment_method', client_secret: `${id}_secret_x`, metadata: { bookingId: form.get('metadata[bookingId]') } }];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      refundCalls.push({ key: headers['idempotency-key'] as string | undefined, intent: form.get('payment_intent') });
      if (refundAnswer === 'down') return [500, { error: { type: 'api_error', message: 'An unknown error occurred' } }];
      return [200, { id: `re_${refundCalls.length}`, object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: refundAnswer }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `stub has no ${method} ${path}` } }];
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const [status, json] = answer(req.method!, (req.url ?? '').split('?')[0]!, new URLSearchParams(body), req.headers);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_stub' }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.STRIPE_SECRET_KEY = 'sk_test_refunds';
    process.env.STRIPE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    ({ app, db, close } = await appWithMailbox('refunds_stripe', 'http://localhost:3000'));
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
  const webhook = (type: string, object: Record<string, unknown>) => {
    eventCount += 1;
    const payload = JSON.stringify({ id: `evt_${unique('e')}_${eventCount}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    return agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload)
      .expect(200);
  };

  /** A creator's booking paid through Stripe (its payment_intent.succeeded event), and the creator's client. */
  async function paidBooking() {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    const booked = await agent(app, uniqueIp())
      .post(`/api/users/${creator.details.username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: `${unique('v')}@example.com` })
      .expect(201);
    const intentId = (booked.body as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
    const bookingId = (await db.query<{ id: string }>('select id from bookings where payment_intent_id = $1', [intentId])).rows[0]!.id;
    await webhook('payment_intent.succeeded', { id: intentId, object: 'payment_intent', amount: 4800, amount_received: 4800, currency: 'usd', status: 'succeeded', metadata: { bookingId } });
    return { creator, bookingId, intentId };
  }

  const state = async (bookingId: string) => ({
    booking: (await db.query<{ status: string }>('select status from bookings where id = $1', [bookingId])).rows[0]!.status,
    refund: (await db.query<{ id: string; status: string; attempts: number }>('select id, status, attempts from refunds where booking_id = $1', [bookingId])).rows[0],
  });
  /** The retry wait is over (as if a minute had passed). */
  const waitOver = (bookingId: string) => db.query("update refunds set updated_at = now() - interval '2 minutes' where booking_id = $1", [bookingId]);
  const sweep = () => app.get(BillingSweepProcessor).process();

  it('Stripe away: the cancellation stands (refund due), and the sweep asks again under the same key', async () => {
    const { creator, bookingId, intentId } = await paidBooking();
    refundAnswer = 'down';
    const cancelled = await creator.client.post(`/api/bookings/${bookingId}/cancel`).expect(200);
    expect(cancelled.body.booking.status).toBe('refund_due');
    const { refund } = await state(bookingId);
    expect(refund).toMatchObject({ status: 'failed', attempts: 0 });
    // Asked again by the creator: nothing more asked of Stripe.
    await creator.client.post(`/api/bookings/${bookingId}/cancel`).expect(200);
    // Within the minute, the sweep waits.
    expect(await sweep()).toMatchObject({ refunded: 0 });

    refundAnswer = 'succeeded';
    await waitOver(bookingId);
    expect(await sweep()).toMatchObject({ refunded: 1 });
    expect(await state(bookingId)).toMatchObject({ booking: 'refunded', refund: { status: 'succeeded' } });
    const calls = refundCalls.filter((call) => call.intent === intentId);
    expect(calls.map((call) => call.key)).toEqual([`refund-${refund!.id}-0`, `refund-${refund!.id}-0`]);
  });

  it('refused by Stripe: asked again under a new key; pending: completed by its event, once', async () => {
    const { creator, bookingId, intentId } = await paidBooking();
    refundAnswer = 'failed';
    expect((await creator.client.post(`/api/bookings/${bookingId}/cancel`).expect(200)).body.booking.status).toBe('refund_due');
    const { refund } = await state(bookingId);
    expect(refund).toMatchObject({ status: 'failed', attempts: 1 });

    refundAnswer = 'pending';
    await waitOver(bookingId);
    await sweep();
    expect(await state(bookingId)).toMatchObject({ booking: 'refund_due', refund: { status: 'pending' } });
    expect(refundCalls.filter((call) => call.intent === intentId).map((call) => call.key)).toEqual([`refund-${refund!.id}-0`, `refund-${refund!.id}-1`]);
    // Pending is not asked again.
    await waitOver(bookingId);
    await sweep();
    expect(refundCalls.filter((call) => call.intent === intentId)).toHaveLength(2);

    const succeeded = { id: `re_${refundCalls.length}`, object: 'refund', amount: 4800, payment_intent: intentId, status: 'succeeded' };
    await Promise.all([webhook('refund.updated', succeeded), webhook('refund.updated', succeeded)]);
    expect(await state(bookingId)).toMatchObject({ booking: 'refunded', refund: { status: 'succeeded' } });
    const reversals = await db.query("select amount from ledger_entries where booking_id = $1 and kind = 'reversal'", [bookingId]);
    expect(reversals.rows).toEqual([{ amount: -4000 }]);
  });
});
