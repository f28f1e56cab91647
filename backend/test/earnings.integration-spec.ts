import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import {
  EarningsMessages,
  type EarningsPayoutResponse,
  type EarningsStatementResponse,
  type EarningsSummaryResponse,
  type PayoutsResponse,
} from '@linkbio/shared-contracts';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { agent, basicAuth, Database, ownDatabase, signedInCreator, startApp } from './support/harness.js';
import { paidBookings } from './support/paid-bookings.js';
import { arrangeEarning } from './support/payouts.js';

/*
 * The creator's statement over real PostgreSQL: bookings' earnings, refunds' reversals, a payout marked paid
 * by an operator and a week carried over, read back as JSON, CSV (parsed by csv-parse) and a year's totals.
 * A payout run pays every creator's entries, so this file works in a database of its own. When bookings were
 * paid and when the runs happened are arranged in SQL (the real flow cannot choose them), in 2024.
 */

const OPERATOR = { user: 'ops-earnings', password: 'operator-password-789' };

describe('the creator’s statement (/api/earnings)', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    database = await ownDatabase('earnings');
    process.env.TEST_DATABASE_URL = database.url;
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    delete process.env.PAYPAL_CLIENT_ID;
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await database?.drop();
  });

  /** A creator signed up over HTTP, e-mail confirmed, paid by PayPal (by the operators: PayPal is not configured). */
  async function creator() {
    const made = await signedInCreator(app);
    await db.query("update users set email_verified_at = now(), paypal_email = 'paid.here@example.com' where id = $1", [
      made.user.id,
    ]);
    return made;
  }

  async function bookingOf(entryId: string): Promise<string> {
    return (await db.query<{ booking_id: string }>('select booking_id from ledger_entries where id = $1', [entryId]))
      .rows[0]!.booking_id;
  }

  /** A refund's reversal of (part of) a booking's earning, as billing writes it. */
  async function reversal(creatorId: string, bookingId: string, cents: number, at: string) {
    await db.query(
      "insert into ledger_entries (id, creator_id, booking_id, kind, amount, created_at) values ($1, $2, $3, 'reversal', $4, $5)",
      [randomUUID(), creatorId, bookingId, -cents, at],
    );
  }

  async function nameVisitor(entryId: string, name: string) {
    await db.query('update bookings set customer_name = $2, customer_email = $3 where id = $1', [
      await bookingOf(entryId),
      name,
      `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    ]);
  }

  const run = (week: string) => app.get(CreateWeeklyPayoutsUseCase).execute(week);

  /**
   * 2024-W10: Ada's booking $50, Grace's $30, Grace refunded (-$30); the week's payout ($50) marked paid by an
   * operator. 2024-W11: Ada refunded after the payout (-$50), Linus $10: the week nets -$40, carried over.
   * 2024-W12: Alan $25, not paid out yet. Balance: -50 + 10 + 25 = -$15.
   */
  async function arrangeMix(creatorId: string) {
    const ada = await arrangeEarning(db, creatorId, 5000, '2024-03-04T10:00:00Z');
    await nameVisitor(ada, 'Ada Lovelace');
    const grace = await arrangeEarning(db, creatorId, 3000, '2024-03-05T10:00:00Z');
    await nameVisitor(grace, 'Grace Hopper');
    await reversal(creatorId, await bookingOf(grace), 3000, '2024-03-06T10:00:00Z');
    await run('2024-W10');
    const payoutId = (await db.query<{ id: string }>('select id from payouts where creator_id = $1', [creatorId]))
      .rows[0]!.id;
    await db.query(
      "update payouts set created_at = '2024-03-11T00:00:05Z', updated_at = '2024-03-11T00:00:05Z' where id = $1",
      [payoutId],
    );
    await agent(app)
      .post(`/api/admin/payouts/${payoutId}/mark-paid`)
      .set('Authorization', basicAuth(OPERATOR.user, OPERATOR.password))
      .send({ reference: 'PayPal 5TY0' })
      .expect(200);

    await reversal(creatorId, await bookingOf(ada), 5000, '2024-03-12T10:00:00Z');
    const linus = await arrangeEarning(db, creatorId, 1000, '2024-03-13T10:00:00Z');
    await nameVisitor(linus, 'Linus');
    const carried = await run('2024-W11');
    expect(carried.carried.map((c) => [c.creatorId, c.amount])).toContainEqual([creatorId, -4000]);
    await db.query("update payout_carryovers set created_at = '2024-03-18T00:00:05Z' where creator_id = $1", [
      creatorId,
    ]);

    const alan = await arrangeEarning(db, creatorId, 2500, '2024-03-20T10:00:00Z');
    await nameVisitor(alan, 'Alan Mathison Turing');
    return { payoutId, ada: await bookingOf(ada) };
  }

  const day = (date: Date) => date.toISOString().slice(0, 10);

  it('lists every line with a running balance that ends at the balance the Payouts card shows', async () => {
    const { client, user } = await creator();
    const { payoutId, ada } = await arrangeMix(user.id);
    const other = await creator();
    await arrangeEarning(db, other.user.id, 777, '2024-03-05T12:00:00Z');

    const shown = (await client.get('/api/payouts').expect(200)).body as PayoutsResponse;
    const year = (await client.get('/api/earnings/statement?from=2024-01-01&to=2024-12-31').expect(200))
      .body as EarningsStatementResponse;

    expect(shown.balance).toBe(-1500);
    expect(year).toMatchObject({ from: '2024-01-01', to: '2024-12-31', balanceCents: -1500, openingBalanceCents: 0 });
    expect(year.lines.map((l) => [l.kind, l.description, l.amountCents, l.balanceCents])).toEqual([
      ['earning', 'Session with Ada L. (booking)', 5000, 5000],
      ['earning', 'Session with Grace H. (booking)', 3000, 8000],
      ['reversal', 'Refund to Grace H.', -3000, 5000],
      ['payout', 'Payout for 2024-W10 to PayPal (paid)', -5000, 0],
      ['reversal', 'Refund to Ada L.', -5000, -5000],
      ['earning', 'Session with Linus (booking)', 1000, -4000],
      ['carried', '2024-W11 carried over: -$40.00 (refunds exceeded earnings; taken from your next payouts)', 0, -4000],
      ['earning', 'Session with Alan T. (booking)', 2500, -1500],
    ]);
    expect(year.lines.at(-1)!.balanceCents).toBe(shown.balance);
    expect(year.closingBalanceCents).toBe(shown.balance);
    expect(year.totals).toEqual({ earningsCents: 11500, reversalsCents: -8000, payoutsCents: -5000 });
    expect(year.lines[0]).toMatchObject({ at: '2024-03-04T10:00:00.000Z', bookingId: ada, payoutId });
    expect(year.lines[3]).toMatchObject({ payoutId });
    expect(JSON.stringify(year)).not.toContain('@');

    // A range reaching today starts from everything before it and ends at the balance shown too.
    const today = new Date();
    const recent = (
      await client
        .get(`/api/earnings/statement?from=${day(new Date(today.getTime() - 30 * 86_400_000))}&to=${day(today)}`)
        .expect(200)
    ).body as EarningsStatementResponse;
    expect(recent).toMatchObject({
      openingBalanceCents: -1500,
      closingBalanceCents: -1500,
      balanceCents: -1500,
      lines: [],
    });

    // A range in the middle: the opening balance is what came before it.
    const march11 = (await client.get('/api/earnings/statement?from=2024-03-11&to=2024-03-13').expect(200))
      .body as EarningsStatementResponse;
    expect(march11.openingBalanceCents).toBe(5000);
    expect(march11.lines.map((l) => l.balanceCents)).toEqual([0, -5000, -4000]);
  });

  it('ends at the Payouts card’s balance after real paid bookings, creator refunds, a payout and a carried week', async () => {
    // Bookings paid and refunded through the API (local provider); only when they happened is moved back in SQL,
    // so that the weekly runs of 2025-W23 and 2025-W24 take them.
    const sessions = paidBookings(app, db);
    const seller = await sessions.creator(false);
    await db.query("update users set email_verified_at = now(), paypal_email = 'seller@example.com' where id = $1", [
      seller.user.id,
    ]);
    const username = seller.user.username;
    const cancel = (bookingId: string) => seller.client.post(`/api/bookings/${bookingId}/cancel`).expect(200);
    const moveUnpaidEntriesTo = (at: string) =>
      db.query('update ledger_entries set created_at = $2 where creator_id = $1 and payout_id is null', [
        seller.user.id,
        at,
      ]);

    const a = await sessions.booking(username);
    const b = await sessions.booking(username);
    await cancel(b.id);
    await moveUnpaidEntriesTo('2025-06-04T10:00:00Z');
    await run('2025-W23'); // pays a: $40.00
    const c = await sessions.booking(username);
    await cancel(c.id);
    await cancel(a.id); // refunded after its payout: taken from the next weeks
    await moveUnpaidEntriesTo('2025-06-11T10:00:00Z');
    const carried = await run('2025-W24');
    expect(carried.carried.find((w) => w.creatorId === seller.user.id)?.amount).toBe(-4000);
    await sessions.booking(username);
    await sessions.booking(username);

    const shown = ((await seller.client.get('/api/payouts').expect(200)).body as PayoutsResponse).balance;
    const today = new Date();
    const statement = (
      await seller.client
        .get(`/api/earnings/statement?from=${day(new Date(today.getTime() - 365 * 86_400_000))}&to=${day(today)}`)
        .expect(200)
    ).body as EarningsStatementResponse;

    expect(shown).toBe(4000); // -$40.00 carried, then two $40.00 sessions
    expect(statement.openingBalanceCents).toBe(0);
    expect(statement.lines.map((l) => [l.kind, l.amountCents, l.balanceCents])).toEqual([
      ['payout', -4000, -4000],
      ['carried', 0, -4000],
      ['earning', 4000, 0],
      ['earning', 4000, 4000],
    ]);
    expect(statement.lines.at(-1)!.balanceCents).toBe(shown);
    expect(statement.balanceCents).toBe(shown);

    const june = (await seller.client.get('/api/earnings/statement?from=2025-06-01&to=2025-06-30').expect(200))
      .body as EarningsStatementResponse;
    expect(june.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['earning', 4000],
      ['earning', 4000],
      ['reversal', -4000],
      ['earning', 4000],
      ['reversal', -4000],
      ['reversal', -4000],
    ]);
    expect(june.lines.map((l) => l.description)).toContain('Refund to Sam V.');
  });

  it('downloads the same lines as RFC 4180 CSV, read back by csv-parse', async () => {
    const { client, user } = await creator();
    await arrangeMix(user.id);
    await db.query(
      'update bookings set customer_name = \'=HYPERLINK("http://x") "Eve", Smith\' where creator_id = $1 and user_amount = 2500',
      [user.id],
    );

    const json = (await client.get('/api/earnings/statement?from=2024-01-01&to=2024-12-31').expect(200))
      .body as EarningsStatementResponse;
    const response = await client
      .get('/api/earnings/statement.csv?from=2024-01-01&to=2024-12-31')
      .buffer(true)
      .expect(200);

    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="earnings-2024-01-01-to-2024-12-31.csv"',
    );
    const text = response.text;
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text, { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({ Kind: 'opening', 'Balance (cents)': '0', 'Balance (USD)': '0.00' });
    const lines = rows.slice(1);
    expect(lines).toHaveLength(json.lines.length);
    lines.forEach((row, i) => {
      const line = json.lines[i]!;
      expect(row).toEqual({
        'Date (UTC)': line.at,
        Kind: line.kind,
        Description: line.description.startsWith('=') ? `'${line.description}` : line.description,
        'Amount (USD)': (line.amountCents / 100).toFixed(2),
        'Balance (USD)': (line.balanceCents / 100).toFixed(2),
        'Amount (cents)': String(line.amountCents),
        'Balance (cents)': String(line.balanceCents),
        'Booking ID': line.bookingId ?? '',
        'Payout ID': line.payoutId ?? '',
        'Order ID': line.orderId ?? '',
      });
    });
    expect(lines.at(-1)).toMatchObject({
      Description: 'Session with =HYPERLINK("http://x") S. (booking)',
      'Balance (USD)': '-15.00',
    });
    // No text cell starts a formula.
    for (const row of rows) for (const cell of [row.Kind!, row.Description!]) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('sums a year month by month', async () => {
    const { client, user } = await creator();
    await arrangeMix(user.id);

    const summary = (await client.get('/api/earnings/summary?year=2024').expect(200)).body as EarningsSummaryResponse;

    expect(summary).toMatchObject({ year: 2024, openingBalanceCents: 0, closingBalanceCents: -1500 });
    expect(summary.months).toHaveLength(12);
    expect(summary.months[2]).toEqual({
      month: '2024-03',
      earningsCents: 11500,
      reversalsCents: -8000,
      payoutsCents: -5000,
    });
    expect(summary.months[0]).toEqual({ month: '2024-01', earningsCents: 0, reversalsCents: 0, payoutsCents: 0 });
    expect(summary.totals).toEqual({ earningsCents: 11500, reversalsCents: -8000, payoutsCents: -5000 });
  });

  it('expands a payout to the lines it paid; another creator’s or an unknown payout is 404, the same answer', async () => {
    const { client, user } = await creator();
    const { payoutId } = await arrangeMix(user.id);
    const stranger = await creator();

    const expanded = (await client.get(`/api/earnings/payouts/${payoutId}`).expect(200)).body as EarningsPayoutResponse;

    expect(expanded.payout).toMatchObject({
      id: payoutId,
      week: '2024-W10',
      amountCents: 5000,
      status: 'paid',
      method: 'paypal',
      destination: 'p***@example.com',
      reference: 'PayPal 5TY0',
    });
    expect(expanded.lines.map((l) => [l.kind, l.amountCents, l.balanceCents])).toEqual([
      ['earning', 5000, 5000],
      ['earning', 3000, 8000],
      ['reversal', -3000, 5000],
    ]);

    const theirs = await stranger.client.get(`/api/earnings/payouts/${payoutId}`).expect(404);
    const unknown = await client.get(`/api/earnings/payouts/${randomUUID()}`).expect(404);
    const garbage = await client.get('/api/earnings/payouts/not-a-payout').expect(404);
    for (const answer of [theirs, unknown, garbage])
      expect(answer.body).toEqual({ statusCode: 404, message: EarningsMessages.payoutNotFound });
  });

  it.each([
    ['/api/earnings/statement', EarningsMessages.fromRequired],
    ['/api/earnings/statement?from=2024-01-01', EarningsMessages.toRequired],
    ['/api/earnings/statement?from=2024-02-30&to=2024-03-01', EarningsMessages.invalidFrom],
    ['/api/earnings/statement?from=2024-01-01&from=2024-01-02&to=2024-03-01', EarningsMessages.invalidFrom],
    ['/api/earnings/statement?from=2024-01-01&to=soon', EarningsMessages.invalidTo],
    ['/api/earnings/statement?from=2024-03-02&to=2024-03-01', EarningsMessages.fromAfterTo],
    ['/api/earnings/statement?from=2023-01-01&to=2024-01-02', EarningsMessages.rangeTooLong],
    ['/api/earnings/statement.csv?from=2024-03-02&to=2024-03-01', EarningsMessages.fromAfterTo],
    ['/api/earnings/summary', EarningsMessages.yearRequired],
    ['/api/earnings/summary?year=24', EarningsMessages.invalidYear],
  ])('GET %s → 400 with a clear message', async (path, message) => {
    const { client } = await creator();
    expect((await client.get(path).expect(400)).body).toEqual({ statusCode: 400, message });
  });

  it('is for signed-in creators only', async () => {
    for (const path of [
      '/api/earnings/statement?from=2024-01-01&to=2024-12-31',
      '/api/earnings/statement.csv?from=2024-01-01&to=2024-12-31',
      '/api/earnings/summary?year=2024',
      `/api/earnings/payouts/${randomUUID()}`,
    ])
      await agent(app).get(path).expect(401);
  });
});
