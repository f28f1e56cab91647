import type { INestApplication } from '@nestjs/common';
import { lastEndedWeek } from '../src/modules/payouts/domain/iso-week.js';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { saleAmounts, type SalesPage, type SaleView } from '@linkbio/shared-contracts';
import { agent, unique, type Database } from './support/harness.js';
import { card } from './support/paid-bookings.js';
import { buyer, orderApp, paidOrders } from './support/paid-orders.js';
import type { TestSmtp } from './support/smtp.js';

/*
 * The money of product orders and tips after the sale (issue 27): the creator's refund happens once (provider
 * refund, ledger reversal, the buyer told), a refund made at the provider applies once however often its events
 * come, and every cent of a sale, a tip and a refund is in the statement, its CSV and the weekly payout.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the money of orders and tips', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let fixtures: ReturnType<typeof paidOrders>;

  beforeAll(async () => {
    ({ app, db, smtp, close } = await orderApp('orders_money'));
    fixtures = paidOrders(app, db, smtp);
  });

  afterAll(() => close?.());

  const creator = () => fixtures.creator();
  const order = (...args: Parameters<ReturnType<typeof paidOrders>['order']>) => fixtures.order(...args);
  const ledgerOf = (orderId: string) => fixtures.ledgerOf(orderId);
  const statusOf = (orderId: string) => fixtures.statusOf(orderId);
  const waitForMail = (email: string, subject: string, count = 1) => fixtures.waitForMail(email, subject, count);
  const webhook = (payload: string) => fixtures.webhook(payload);

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

});
