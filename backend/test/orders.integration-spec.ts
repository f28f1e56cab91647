import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { jest } from '@jest/globals';
import { OrderMessages, PaymentMessages, saleAmounts, type OrderCreatedResponse, type SalesPage, type SaleView } from '@linkbio/shared-contracts';
import Stripe from 'stripe';
import { ProductCatalog } from '../src/modules/products/application/ports/product-catalog.js';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { lastEndedWeek } from '../src/modules/payouts/domain/iso-week.js';
import { agent, signedInCreator, unique, uniqueIp, type Database } from './support/harness.js';
import { card } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';
import { suiteLogLines } from './support/suite-log.js';

/*
 * Product orders and tips over HTTP (issue 27) with the local test provider, a real SMTP server and
 * Stripe-signed webhooks: bad input changes nothing, amounts come from saleAmounts, a payment settles once
 * however often and however concurrently it is confirmed or reported, a refund happens once, every cent is in
 * the ledger, statement, CSV and payouts, and the private order link works, counts downloads and dies with a
 * refund. Products are rows inserted by SQL (the products module's CRUD is built elsewhere); their file's
 * short-lived link is the products module's, stood in for here.
 */
const WEBHOOK_SECRET = 'whsec_orders_integration_secret';
const DAY_MS = 24 * 60 * 60 * 1000;
const SIGNED_FILE_URL = 'http://localhost:3000/objects/signed-file-link';

describe('product orders and tips over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    ({ app, db, smtp, close } = await appWithMailbox('orders', 'http://localhost:3000'));
    const catalog = app.get(ProductCatalog);
    jest.spyOn(catalog, 'downloadLink').mockImplementation(async (productId) => ((await catalog.delivery(productId))?.kind === 'file' ? SIGNED_FILE_URL : null));
  });

  afterAll(async () => {
    await close?.();
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });

  async function creator() {
    const signedIn = await signedInCreator(app);
    const product = async (columns: { price?: number; min?: number; url?: string; visible?: boolean; title?: string }) => {
      const id = randomUUID();
      await db.query(
        `insert into products (id, creator_id, title, price_cents, min_price_cents, file_key, file_name, file_type, file_size, private_url, visible)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          signedIn.user.id,
          columns.title ?? 'The Guide',
          columns.price ?? null,
          columns.min ?? null,
          columns.url ? null : `products/${id}/guide.pdf`,
          columns.url ? null : 'guide.pdf',
          columns.url ? null : 'application/pdf',
          columns.url ? null : 1234,
          columns.url ?? null,
          columns.visible ?? true,
        ],
      );
      return id;
    };
    return { ...signedIn, product };
  }

  const orderPath = (username: string, productId: string) => `/api/users/${username}/products/${productId}/order`;
  const buyer = (extra: Record<string, unknown> = {}) => ({ customerName: 'Ada Lovelace', customerEmail: `${unique('b')}@example.com`, ...extra });

  async function order(username: string, productId: string, body: Record<string, unknown> = buyer(), pay = true) {
    const created = await agent(app).post(orderPath(username, productId)).send(body).expect(201);
    const answer = created.body as OrderCreatedResponse;
    if (pay) await agent(app).post('/api/payments/local/confirm').send(card(answer.clientSecret)).expect(200);
    const intentId = answer.clientSecret.split('_secret_')[0]!;
    const id = (await db.query<{ id: string }>('select id from orders where payment_intent_id = $1', [intentId])).rows[0]!.id;
    return { id, answer, intentId, email: body.customerEmail as string };
  }

  const ledgerOf = async (orderId: string) =>
    (await db.query<{ kind: string; amount: number }>('select kind, amount from ledger_entries where order_id = $1 order by kind', [orderId])).rows;
  const statusOf = async (orderId: string) => (await db.query<{ status: string }>('select status from orders where id = $1', [orderId])).rows[0]!.status;
  const mailsTo = (email: string, subject: string) => smtp.mails.filter((m) => m.to.includes(email) && textOf(m).includes(subject));
  const countOrders = async () => Number((await db.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
  const linkIn = (email: string) => {
    const mails = mailsTo(email, 'Your order from');
    const match = /http:\/\/localhost:3000(\/order\/[A-Za-z0-9_-]{43})/.exec(textOf(mails.at(-1)!));
    return match![1]!;
  };
  const waitForMail = async (email: string, subject: string, count = 1) => {
    for (let i = 0; i < 100 && mailsTo(email, subject).length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return mailsTo(email, subject);
  };
  const webhook = (payload: string) =>
    agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);

  describe('bad input changes nothing', () => {
    let username: string;
    let fixed: string;
    let pwyw: string;
    let hidden: string;
    beforeAll(async () => {
      const c = await creator();
      username = c.details.username;
      fixed = await c.product({ price: 1000, url: 'https://example.com/secret' });
      pwyw = await c.product({ min: 500 });
      hidden = await c.product({ price: 1000, visible: false });
    });

    it.each<[string, () => string, Record<string, unknown>, number, string]>([
      ['no name', () => fixed, { customerEmail: 'a@example.com' }, 400, OrderMessages.nameRequired],
      ['a blank name', () => fixed, { customerName: '  ', customerEmail: 'a@example.com' }, 400, OrderMessages.nameRequired],
      ['a bad e-mail', () => fixed, { customerName: 'Ada', customerEmail: 'not-an-address' }, 400, OrderMessages.validEmailRequired],
      ['an amount in a string', () => pwyw, buyer({ amountCents: '700' }), 400, OrderMessages.amountInvalid],
      ['a fractional amount', () => pwyw, buyer({ amountCents: 700.5 }), 400, OrderMessages.amountInvalid],
      ['a negative amount', () => pwyw, buyer({ amountCents: -1 }), 400, OrderMessages.amountInvalid],
      ['an amount over the most', () => pwyw, buyer({ amountCents: 2_000_000 }), 400, OrderMessages.aboveMaximum],
      ['pay-what-you-want below the minimum', () => pwyw, buyer({ amountCents: 499 }), 400, OrderMessages.belowMinimum(500)],
      ['pay-what-you-want with no amount', () => pwyw, buyer(), 400, OrderMessages.belowMinimum(500)],
      ['a malformed coupon code', () => fixed, buyer({ couponCode: 'no spaces!' }), 400, OrderMessages.couponInvalid],
      ['a coupon code (no coupons here yet)', () => fixed, buyer({ couponCode: 'SAVE10' }), 400, OrderMessages.couponInvalid],
      ['joinList not a boolean', () => fixed, buyer({ joinList: 'yes' }), 400, OrderMessages.joinListBoolean],
      ['a hidden product', () => hidden, buyer(), 404, OrderMessages.productUnavailable],
      ['an unknown product', () => randomUUID(), buyer(), 404, OrderMessages.productUnavailable],
      ['a product id that is no id', () => 'nope', buyer(), 404, OrderMessages.productUnavailable],
    ])('an order with %s is refused, nothing stored', async (_, product, body, status, message) => {
      const before = await countOrders();
      const answer = await agent(app).post(orderPath(username, product())).send(body).expect(status);
      expect((answer.body as { message: string }).message).toEqual(expect.stringContaining(message));
      expect(await countOrders()).toBe(before);
    });

    it('an order from an unknown creator → 404', async () => {
      await agent(app).post(orderPath(unique('nobody'), fixed)).send(buyer()).expect(404);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no amount', { customerEmail: 'a@example.com' }, OrderMessages.tipAmount],
      ['99 cents', { customerEmail: 'a@example.com', amountCents: 99 }, OrderMessages.tipAmount],
      ['over $1,000', { customerEmail: 'a@example.com', amountCents: 100_001 }, OrderMessages.tipAmount],
      ['a fractional amount', { customerEmail: 'a@example.com', amountCents: 150.5 }, OrderMessages.tipAmount],
      ['a bad e-mail', { customerEmail: 'x', amountCents: 500 }, OrderMessages.validEmailRequired],
      ['a long message', { customerEmail: 'a@example.com', amountCents: 500, message: 'x'.repeat(501) }, OrderMessages.tipMessageTooLong],
      ['a long name', { customerEmail: 'a@example.com', amountCents: 500, name: 'x'.repeat(101) }, OrderMessages.tipNameTooLong],
    ])('a tip with %s → 400', async (_, body, message) => {
      const before = await countOrders();
      const answer = await agent(app).post(`/api/users/${username}/tip`).send(body).expect(400);
      expect((answer.body as { message: string }).message).toEqual(expect.stringContaining(message));
      expect(await countOrders()).toBe(before);
    });

    it('a tip while the creator takes none → 400, nothing stored', async () => {
      const before = await countOrders();
      const answer = await agent(app).post(`/api/users/${username}/tip`).send({ customerEmail: 'a@example.com', amountCents: 500 }).expect(400);
      expect(answer.body.message).toBe(OrderMessages.tipsOff);
      expect(await countOrders()).toBe(before);
    });

    it('tip settings refuse bad presets', async () => {
      const c = await creator();
      for (const presets of [[300, 500], [300, 500, 1000, 2000], [300, 500, 50], [300, 500, '1000'], 'x']) {
        const answer = await c.client.put('/api/tips/settings').send({ enabled: true, presets }).expect(400);
        expect(answer.body.message).toBe(OrderMessages.tipPresets);
      }
      await c.client.put('/api/tips/settings').send({ enabled: 'yes', presets: [300, 500, 1000] }).expect(400);
      expect((await c.client.get('/api/tips/settings').expect(200)).body).toEqual({ enabled: false, presets: [300, 500, 1000], message: null });
      await agent(app).get('/api/tips/settings').expect(401);
    });
  });

  it('a fixed-price product: the server’s price and fee, paid once, the earning in the ledger, the receipt with the order link', async () => {
    const c = await creator();
    const product = await c.product({ price: 1999, url: 'https://example.com/private/course' });
    const { id, answer, email } = await order(c.details.username, product, buyer({ amountCents: 1 }));
    expect(answer).toEqual({ clientSecret: expect.any(String), ...saleAmounts(1999), discountCents: 0 });
    expect(await statusOf(id)).toBe('paid');
    expect(await ledgerOf(id)).toEqual([{ kind: 'earning', amount: 1999 }]);

    const [receipt] = await waitForMail(email, 'Your order from');
    expect(textOf(receipt!)).toContain(`Total: $${(saleAmounts(1999).amount / 100).toFixed(2)}`);
    expect(await waitForMail(c.details.email, 'New sale: The Guide')).toHaveLength(1);
    const page = await agent(app).get(linkIn(email)).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.text).toContain('https://example.com/private/course');
    expect(page.text).toContain('The Guide');

    const sales = (await c.client.get('/api/sales').expect(200)).body as SalesPage;
    expect(sales.sales).toEqual([
      expect.objectContaining({ id, kind: 'product', title: 'The Guide', customerName: 'Ada Lovelace', customerEmail: email, status: 'paid', amount: saleAmounts(1999).amount, platformFee: saleAmounts(1999).platformFee }),
    ]);
  });

  it('pay what you want: at or above the minimum, the fee on what the buyer chose', async () => {
    const c = await creator();
    const product = await c.product({ min: 500 });
    const { answer } = await order(c.details.username, product, buyer({ amountCents: 500 }), false);
    expect(answer).toMatchObject({ ...saleAmounts(500), discountCents: 0 });
    const { answer: more } = await order(c.details.username, product, buyer({ amountCents: 1234 }), false);
    expect(more).toMatchObject(saleAmounts(1234));
  });

  it('concurrent confirmations and duplicated or concurrent webhooks settle an order once', async () => {
    const c = await creator();
    const product = await c.product({ price: 1000 });
    const { id, answer, intentId, email } = await order(c.details.username, product, buyer(), false);
    const confirms = await Promise.all(Array.from({ length: 6 }, () => agent(app).post('/api/payments/local/confirm').send(card(answer.clientSecret))));
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of confirms.filter((r) => r.status !== 200)) expect(refused.body.message).toBe(PaymentMessages.paymentAlreadyCompleted);

    const event = (eventId: string) =>
      JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: intentId, object: 'payment_intent', amount: answer.amount, amount_received: answer.amount, currency: 'usd', status: 'succeeded', metadata: { orderId: id } } },
      });
    const same = event(`evt_${unique('paid')}`);
    const deliveries = await Promise.all([...Array.from({ length: 4 }, () => webhook(same)), ...Array.from({ length: 4 }, () => webhook(event(`evt_${unique('other')}`)))]);
    expect(deliveries.map((d) => d.status)).toEqual(Array(8).fill(200));

    expect(await statusOf(id)).toBe('paid');
    expect(await ledgerOf(id)).toEqual([{ kind: 'earning', amount: 1000 }]);
    await waitForMail(email, 'Your order from');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email, 'Your order from')).toHaveLength(1);
  });

  it('a payment reported only by a webhook settles a new order once', async () => {
    const c = await creator();
    const product = await c.product({ price: 800 });
    const { id, answer, intentId } = await order(c.details.username, product, buyer(), false);
    const payload = JSON.stringify({
      id: `evt_${unique('hook')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentId, object: 'payment_intent', amount: answer.amount, currency: 'usd', status: 'succeeded', metadata: { orderId: id } } },
    });
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => webhook(payload)));
    expect(deliveries.map((d) => d.status)).toEqual(Array(5).fill(200));
    expect(await statusOf(id)).toBe('paid');
    expect(await ledgerOf(id)).toEqual([{ kind: 'earning', amount: 800 }]);
  });

  it('the order link: downloads counted exactly, at most 10, then refused; a refund kills it', async () => {
    const c = await creator();
    const product = await c.product({ price: 1500 });
    const { id, email } = await order(c.details.username, product);
    await waitForMail(email, 'Your order from');
    const link = linkIn(email);
    const page = await agent(app).get(link).expect(200);
    expect(page.text).toContain('Download');
    expect(page.text).toContain('10 downloads left');

    const downloads = await Promise.all(Array.from({ length: 12 }, () => agent(app).post(`${link}/download`)));
    const ok = downloads.filter((d) => d.status === 303);
    expect(ok).toHaveLength(10);
    for (const d of ok) expect(d.headers.location).toBe(SIGNED_FILE_URL);
    expect(downloads.filter((d) => d.status === 410)).toHaveLength(2);
    expect((await db.query('select downloads from orders where id = $1', [id])).rows).toEqual([{ downloads: 10 }]);
    expect((await agent(app).post(`${link}/download`).expect(410)).text).toContain('downloaded 10 times');

    await agent(app).get('/order/not-a-real-token').expect(404);
    await agent(app).get(`/order/${'A'.repeat(43)}`).expect(404);

    await c.client.post(`/api/sales/${id}/refund`).expect(200);
    expect((await agent(app).get(link).expect(410)).text).toContain('refunded');
  });

  it('the creator refunds a sale once: provider refund, ledger reversal, the buyer told; again changes nothing', async () => {
    const c = await creator();
    const product = await c.product({ price: 2500, url: 'https://example.com/x' });
    const { id, intentId, email } = await order(c.details.username, product);
    const refunds = await Promise.all(Array.from({ length: 4 }, () => c.client.post(`/api/sales/${id}/refund`)));
    expect(refunds.map((r) => r.status)).toEqual(Array(4).fill(200));
    expect((refunds[0]!.body as { sale: SaleView }).sale).toMatchObject({ id, status: expect.stringMatching(/refund/) });
    expect(await statusOf(id)).toBe('refunded');
    expect(await ledgerOf(id)).toEqual([
      { kind: 'earning', amount: 2500 },
      { kind: 'reversal', amount: -2500 },
    ]);
    expect((await db.query('select status from local_payment_intents where id = $1', [intentId])).rows).toEqual([{ status: 'refunded' }]);
    expect((await db.query('select status, reason from refunds where order_id = $1', [id])).rows).toEqual([{ status: 'succeeded', reason: 'cancelled_by_creator' }]);
    expect(await waitForMail(email, 'has been refunded in full')).toHaveLength(1);

    await c.client.post(`/api/sales/${id}/refund`).expect(200);
    expect(await ledgerOf(id)).toHaveLength(2);
    const other = await creator();
    await other.client.post(`/api/sales/${id}/refund`).expect(404);
    await other.client.post('/api/sales/nope/refund').expect(404);
    const unpaid = await order(c.details.username, product, buyer(), false);
    await c.client.post(`/api/sales/${unpaid.id}/refund`).expect(404);
  });

  it('a refund made at the provider applies once, however often its events are delivered', async () => {
    const c = await creator();
    const product = await c.product({ price: 1000, url: 'https://example.com/x' });
    const { id, intentId, answer } = await order(c.details.username, product);
    const partial = JSON.stringify({
      id: `evt_${unique('refund')}`,
      object: 'event',
      type: 'refund.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 're_order_partial', object: 'refund', payment_intent: intentId, amount: 600, currency: 'usd', status: 'succeeded' } },
    });
    expect((await Promise.all(Array.from({ length: 5 }, () => webhook(partial)))).map((d) => d.status)).toEqual(Array(5).fill(200));
    expect(await statusOf(id)).toBe('partially_refunded');
    // 600 of 1200 refunded: half of the 1000 earned is reversed.
    expect(await ledgerOf(id)).toEqual([
      { kind: 'earning', amount: 1000 },
      { kind: 'reversal', amount: -500 },
    ]);
    const rest = JSON.stringify({
      id: `evt_${unique('charge')}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_order', object: 'charge', payment_intent: intentId, amount: answer.amount, amount_refunded: answer.amount, refunded: true } },
    });
    expect((await Promise.all(Array.from({ length: 3 }, () => webhook(rest)))).map((d) => d.status)).toEqual(Array(3).fill(200));
    expect(await statusOf(id)).toBe('refunded');
    expect((await db.query<{ sum: string }>('select sum(amount) as sum from ledger_entries where order_id = $1', [id])).rows[0]!.sum).toBe('0');
  });

  it('a tip: switched on, the fee on top, paid once, listed with its message; in the statement, its CSV and the weekly payout with a sale and a refund', async () => {
    const c = await creator();
    await c.client.put('/api/tips/settings').send({ enabled: true, presets: [200, 500, 1500], message: 'Thanks for the support!' }).expect(200);
    expect((await c.client.get('/api/tips/settings').expect(200)).body).toEqual({ enabled: true, presets: [200, 500, 1500], message: 'Thanks for the support!' });
    const email = `${unique('t')}@example.com`;
    const tipped = await agent(app).post(`/api/users/${c.details.username}/tip`).send({ amountCents: 500, name: 'Grace Hopper', message: 'Love <your> work', customerEmail: email }).expect(201);
    expect(tipped.body).toEqual({ clientSecret: expect.any(String), ...saleAmounts(500), discountCents: 0 });
    await agent(app).post('/api/payments/local/confirm').send(card(tipped.body.clientSecret)).expect(200);
    expect(await waitForMail(email, 'Thank you for supporting')).toHaveLength(1);

    const product = await c.product({ price: 3000, url: 'https://example.com/x' });
    const sold = await order(c.details.username, product);
    const refunded = await order(c.details.username, product);
    await c.client.post(`/api/sales/${refunded.id}/refund`).expect(200);

    const sales = ((await c.client.get('/api/sales?limit=2').expect(200)).body as SalesPage);
    expect(sales.sales).toHaveLength(2);
    const next = (await c.client.get(`/api/sales?limit=2&cursor=${sales.nextCursor}`).expect(200)).body as SalesPage;
    const all = [...sales.sales, ...next.sales];
    expect(all.find((s) => s.kind === 'tip')).toMatchObject({ title: 'Tip', customerName: 'Grace Hopper', message: 'Love <your> work', amount: 600, userAmount: 500, platformFee: 100, status: 'paid' });
    expect(all.map((s) => s.status).sort()).toEqual(['paid', 'paid', 'refunded']);

    const today = new Date().toISOString().slice(0, 10);
    const statement = (await c.client.get(`/api/earnings/statement?from=${today}&to=${today}`).expect(200)).body as {
      lines: Array<{ description: string; amountCents: number; orderId?: string }>;
      closingCents?: number;
    };
    expect(statement.lines.map((l) => [l.description, l.amountCents])).toEqual(
      expect.arrayContaining([
        ['Tip from Grace H.', 500],
        ['Sale of "The Guide" to Ada L.', 3000],
        ['Refund to Ada L.', -3000],
      ]),
    );
    expect(statement.lines.filter((l) => l.orderId)).toHaveLength(4);
    const csv = (await c.client.get(`/api/earnings/statement.csv?from=${today}&to=${today}`).expect(200)).text;
    expect(csv).toContain(`Tip from Grace H.,5.00`);
    expect(csv).toContain(sold.id);

    await c.client.put('/api/users/payout-settings').send({ paypalEmail: c.details.email }).expect(200);
    await db.query('update users set email_verified_at = now() where id = $1', [c.user.id]);
    const week = lastEndedWeek(new Date());
    await db.query('update ledger_entries set created_at = $2 where creator_id = $1', [c.user.id, new Date(week.start.getTime() + DAY_MS)]);
    await app.get(CreateWeeklyPayoutsUseCase).execute(week.label);
    // 500 (tip) + 3000 (sale) + 3000 − 3000 (sold, then refunded).
    expect((await db.query('select week, amount from payouts where creator_id = $1', [c.user.id])).rows).toEqual([{ week: week.label, amount: 3500 }]);
  });

  it('re-sending order links answers the same for any address, and sends a working new link to a buyer', async () => {
    const c = await creator();
    const product = await c.product({ price: 1000, url: 'https://example.com/x' });
    const { email } = await order(c.details.username, product);
    await waitForMail(email, 'Your order from');
    const first = linkIn(email);
    const known = await agent(app).post('/api/orders/resend').send({ email }).expect(202);
    const unknown = await agent(app).post('/api/orders/resend').send({ email: `${unique('none')}@example.com` }).expect(202);
    expect(known.body).toEqual({ message: OrderMessages.resendAnswer });
    expect(unknown.body).toEqual(known.body);
    await waitForMail(email, 'Your order from', 2);
    const second = linkIn(email);
    expect(second).not.toBe(first);
    await agent(app).get(second).expect(200);
    await agent(app).post('/api/orders/resend').send({ email: 'nope' }).expect(400);
  });

  it('limits orders per address and per e-mail, and re-sends per address', async () => {
    const c = await creator();
    const product = await c.product({ price: 1000, url: 'https://example.com/x' });
    const email = `${unique('many')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await agent(app).post(orderPath(c.details.username, product)).send(buyer({ customerEmail: email }))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);

    const ip = uniqueIp();
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i += 1) fromOne.push((await agent(app, ip).post(orderPath(c.details.username, product)).send(buyer())).status);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(1);

    const resendIp = uniqueIp();
    const resends: number[] = [];
    for (let i = 0; i < 6; i += 1) resends.push((await agent(app, resendIp).post('/api/orders/resend').send({ email: `${unique('r')}@example.com` })).status);
    expect(resends).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('an order left unpaid expires in the sweep; a payment arriving after that still settles it once', async () => {
    const c = await creator();
    const product = await c.product({ price: 1000, url: 'https://example.com/x' });
    const { id, answer } = await order(c.details.username, product, buyer(), false);
    await db.query("update orders set created_at = now() - interval '2 hours' where id = $1", [id]);
    await app.get(BillingSweepProcessor).process();
    expect(await statusOf(id)).toBe('expired');
    await agent(app).post('/api/payments/local/confirm').send(card(answer.clientSecret)).expect(200);
    expect(await statusOf(id)).toBe('paid');
    expect(await ledgerOf(id)).toEqual([{ kind: 'earning', amount: 1000 }]);
  });

  it('never writes an order token to the log', async () => {
    const tokens = smtp.mails.flatMap((m) => [...textOf(m).matchAll(/\/order\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
    expect(tokens.length).toBeGreaterThan(3);
    const logged = suiteLogLines.filter((line) => tokens.some((token) => line.includes(token)));
    expect(logged).toEqual([]);
    expect(suiteLogLines.some((line) => line.includes('/order/[redacted]'))).toBe(true);
  });
});
