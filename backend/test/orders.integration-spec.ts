import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { OrderMessages, PaymentMessages, saleAmounts, type SalesPage } from '@linkbio/shared-contracts';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { agent, unique, uniqueIp, type Database } from './support/harness.js';
import { card } from './support/paid-bookings.js';
import { buyer, orderApp, paidOrders, SIGNED_FILE_LINK } from './support/paid-orders.js';
import { textOf, type TestSmtp } from './support/smtp.js';
import { suiteLogLines } from './support/suite-log.js';

/*
 * Product orders and tips over HTTP (issue 27) with the local test provider, a real SMTP server and
 * Stripe-signed webhooks: bad input changes nothing, amounts come from saleAmounts, a payment settles once
 * however often and however concurrently it is confirmed or reported, and the private order link works, counts
 * downloads exactly and dies with a refund; links are re-sent with one answer for every address; limits per
 * address and e-mail; order tokens never reach the log. Money after the sale (refunds, statement, CSV,
 * payouts): orders-money.integration-spec.ts.
 */
describe('product orders and tips over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let fixtures: ReturnType<typeof paidOrders>;

  beforeAll(async () => {
    ({ app, db, smtp, close } = await orderApp('orders'));
    fixtures = paidOrders(app, db, smtp);
  });

  afterAll(() => close?.());

  const creator = () => fixtures.creator();
  const orderPath = (username: string, productId: string) => fixtures.orderPath(username, productId);
  const order = (...args: Parameters<ReturnType<typeof paidOrders>['order']>) => fixtures.order(...args);
  const ledgerOf = (orderId: string) => fixtures.ledgerOf(orderId);
  const statusOf = (orderId: string) => fixtures.statusOf(orderId);
  const mailsTo = (email: string, subject: string) => fixtures.mailsTo(email, subject);
  const countOrders = () => fixtures.countOrders();
  const linkIn = (email: string) => fixtures.linkIn(email);
  const waitForMail = (email: string, subject: string, count = 1) => fixtures.waitForMail(email, subject, count);
  const webhook = (payload: string) => fixtures.webhook(payload);

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
    expect(textOf(receipt!)).toContain('This link is yours alone: keep it private.\n'); // a private URL: no file, no download limit
    expect(textOf(receipt!)).not.toContain('downloads the file');
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

  it('POST /api/orders/confirm checks the payment with the provider: waiting, then paid with the notice; a wrong secret is a 404', async () => {
    const c = await creator();
    const product = await c.product({ price: 900, url: 'https://example.com/x' });
    const { id, answer } = await order(c.details.username, product, buyer(), false);
    expect((await agent(app).post('/api/orders/confirm').send({ clientSecret: answer.clientSecret }).expect(200)).body).toEqual({ status: 'pending_payment' });
    await agent(app).post('/api/payments/local/confirm').send(card(answer.clientSecret)).expect(200);
    expect((await agent(app).post('/api/orders/confirm').send({ clientSecret: answer.clientSecret }).expect(200)).body).toEqual({
      status: 'paid',
      message: OrderMessages.paidNotice,
    });
    expect(await ledgerOf(id)).toEqual([{ kind: 'earning', amount: 900 }]);
    await agent(app).post('/api/orders/confirm').send({ clientSecret: `${answer.clientSecret}x` }).expect(404);
    await agent(app).post('/api/orders/confirm').send({ clientSecret: 'nope' }).expect(404);
    await agent(app).post('/api/orders/confirm').send({}).expect(400);
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
    for (const d of ok) expect(d.headers.location).toMatch(SIGNED_FILE_LINK);
    expect(downloads.filter((d) => d.status === 410)).toHaveLength(2);
    expect((await db.query('select downloads from orders where id = $1', [id])).rows).toEqual([{ downloads: 10 }]);
    expect((await agent(app).post(`${link}/download`).expect(410)).text).toContain('downloaded 10 times');

    await agent(app).get('/order/not-a-real-token').expect(404);
    await agent(app).get(`/order/${'A'.repeat(43)}`).expect(404);

    await c.client.post(`/api/sales/${id}/refund`).expect(200);
    expect((await agent(app).get(link).expect(410)).text).toContain('refunded');
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
