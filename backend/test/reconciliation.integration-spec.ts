import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { Env } from '../src/config/env.js';
import { createWorker } from '../src/create-worker.js';
import { ReconcileDayUseCase } from '../src/modules/reconciliation/application/reconcile-day.use-case.js';
import type { ReconciliationRun } from '../src/modules/reconciliation/domain/run.js';
import { utcDayOf } from '../src/modules/reconciliation/domain/utc-day.js';
import { agent, freePort, testEnv, type Database } from './support/harness.js';
import { card, paidBookings } from './support/paid-bookings.js';
import { paidOrders } from './support/paid-orders.js';
import { appWithMailbox, type TestSmtp } from './support/smtp.js';

/*
 * Reconciliation with the local test provider (its payment tables in PostgreSQL), in the worker, on a
 * database of this file's own (a run reads every booking of the day): differences injected by SQL are
 * found, a refund the provider made that billing never recorded is applied once, the ops command prints the
 * report with its exit code, and the worker's /metrics counts them.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OPS = fileURLToPath(new URL('../dist/ops.main.js', import.meta.url));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

describe('reconciliation with the local provider', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let metricsPort: number;
  let env: Env;

  beforeAll(async () => {
    if (!existsSync(OPS)) throw new Error(`${OPS} is missing: build the backend first (npm run build)`);
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, smtp, close } = await appWithMailbox('reconcile_local', 'http://localhost:3000'));
    metricsPort = await freePort();
    env = await testEnv();
    worker = await createWorker({ ...env, WORKER_METRICS_PORT: metricsPort, HOST: '127.0.0.1' } as Env);
  });

  afterAll(async () => {
    await worker?.close();
    await close?.();
  });

  const today = () => utcDayOf(new Date());
  const reconcile = (): Promise<ReconciliationRun> => worker.get(ReconcileDayUseCase).execute(today(), 'operator');
  const kinds = (run: ReconciliationRun) => run.differences.map((d) => [d.kind, d.resolution]);

  const ops = (...args: string[]): Promise<Outcome> =>
    new Promise((resolve) => {
      const childEnv: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX,
        QUEUE_SCHEMA: env.QUEUE_SCHEMA,
        SESSION_SECRET: 'reconciliation-test-session-secret-0123456789',
      };
      if (!childEnv.REDIS_URL) delete childEnv.REDIS_URL;
      execFile(
        process.execPath,
        [OPS, ...args],
        { cwd: ROOT, env: childEnv, timeout: 30_000 },
        (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
        },
      );
    });

  const scrape = async () => {
    const families = parsePrometheusTextFormat(
      await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
    ) as Array<{
      name: string;
      metrics: Array<{ value: string; labels?: Record<string, string> }>;
    }>;
    return (name: string, labels: Record<string, string> = {}) =>
      (families.find((f) => f.name === name)?.metrics ?? [])
        .filter((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value))
        .reduce((sum, m) => sum + Number(m.value), 0);
  };

  let bookings: ReturnType<typeof paidBookings>;
  let username: string;

  it("a day whose bookings, cancellation refund and Premium payment all match the provider's tables: nothing to report", async () => {
    bookings = paidBookings(app, db);
    const creator = await bookings.creator(false);
    username = creator.details.username;
    await bookings.booking(username);
    const cancelled = await bookings.booking(username);
    await creator.client.post(`/api/bookings/${cancelled.id}/cancel`).expect(200);
    expect(await bookings.refundsOf(cancelled.id)).toEqual([{ status: 'succeeded', reason: 'cancelled_by_creator' }]);
    // Premium, paid by card with the local provider.
    const { clientSecret } = (await creator.client.post('/api/create-subscription').expect(200)).body as {
      clientSecret: string;
    };
    await agent(app).post('/api/payments/local/confirm').send(card(clientSecret)).expect(200);

    const run = await reconcile();
    expect(run).toMatchObject({
      provider: 'local',
      found: 0,
      remaining: 0,
      compared: { payments: 3, refunds: 1, bookings: 2, ourRefunds: 1 },
    });
  });

  it('a payment the local provider refunded that billing never recorded is applied once: refunded, earning reversed', async () => {
    const booking = await bookings.booking(username);
    await db.query("update local_payment_intents set status = 'refunded', updated_at = now() where id = $1", [
      booking.intentId,
    ]);

    const run = await reconcile();
    expect(kinds(run)).toEqual([['refund_missing_here', 'applied']]);
    expect(run.differences[0]).toMatchObject({
      bookingId: booking.id,
      intentId: booking.intentId,
      theirs: 4800,
      providerRefundId: expect.stringMatching(/^re_local_reconciled_/),
    });
    expect((await db.query('select status from bookings where id = $1', [booking.id])).rows).toEqual([
      { status: 'refunded' },
    ]);
    expect(await bookings.refundsOf(booking.id)).toEqual([{ status: 'succeeded', reason: 'at_provider' }]);
    expect(await bookings.ledgerOf(booking.id)).toEqual([
      { kind: 'earning', amount: 4000 },
      { kind: 'reversal', amount: -4000 },
    ]);

    expect(await reconcile()).toMatchObject({ found: 0, remaining: 0 });
    expect(await bookings.ledgerOf(booking.id)).toHaveLength(2);
  });

  let changed: { earning: string; price: string };

  it("a ledger entry's or a booking's amount changed behind billing's back is reported, and stays until put right", async () => {
    const earning = await bookings.booking(username);
    const price = await bookings.booking(username);
    await db.query("update ledger_entries set amount = 3900 where booking_id = $1 and kind = 'earning'", [earning.id]);
    await db.query('update bookings set amount = 4900, platform_fee = 900 where id = $1', [price.id]);
    changed = { earning: earning.id, price: price.id };

    const run = await reconcile();
    expect(run).toMatchObject({ found: 2, remaining: 2 });
    expect(run.differences).toEqual([
      expect.objectContaining({
        kind: 'payment_amount_differs',
        bookingId: price.id,
        ours: 4900,
        theirs: 4800,
        resolution: 'reported',
      }),
      expect.objectContaining({
        kind: 'earning_differs',
        bookingId: earning.id,
        ours: 3900,
        theirs: 4000,
        resolution: 'reported',
      }),
    ]);
    // Nothing was changed by reporting.
    expect(await bookings.ledgerOf(earning.id)).toEqual([{ kind: 'earning', amount: 3900 }]);
  });

  it('npm run ops -- payments:reconcile --date: the differences, a summary, exit code 1; put right, exit code 0', async () => {
    const found = await ops('payments:reconcile', '--date', today().label);
    expect(found.code).toBe(1);
    const lines = found.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Reconciliation of ${today().label} \\(UTC\\) with the local provider, .*: 6 payment\\(s\\) and 2 refund\\(s\\) at the provider, 5 booking\\(s\\) and 2 refund\\(s\\) here\\.$`,
      ),
    );
    expect(lines[1]).toMatch(/^KIND\s+BOOKING\s+PAYMENT\s+REFUND\s+HERE\s+PROVIDER\s+OUTCOME$/);
    expect(lines[2]).toMatch(
      new RegExp(
        `^payment_amount_differs\\s+${changed.price}\\s+pi_local_\\S+\\s+-\\s+\\$49\\.00\\s+\\$48\\.00\\s+reported$`,
      ),
    );
    expect(lines[3]).toContain('A booking here is paid for another amount than the provider charged.');
    expect(lines[4]).toMatch(
      new RegExp(`^earning_differs\\s+${changed.earning}\\s+.*\\$39\\.00\\s+\\$40\\.00\\s+reported$`),
    );
    expect(lines.at(-1)).toBe(
      "2 difference(s), 0 settled by applying the provider's refunds, 2 remaining: the ledger does not match the provider.",
    );
    // The log lines name ids and amounts only: no customer's e-mail.
    expect(found.stderr).toContain('reconciliation difference');
    expect(found.stderr).not.toMatch(/@example\.com/);

    const last = await ops('payments:reconcile', '--last');
    expect(last.code).toBe(1);
    expect(last.stdout).toBe(found.stdout);

    await db.query("update ledger_entries set amount = 4000 where booking_id = $1 and kind = 'earning'", [
      changed.earning,
    ]);
    await db.query('update bookings set amount = 4800, platform_fee = 800 where id = $1', [changed.price]);
    const matched = await ops('payments:reconcile', '--date', today().label);
    expect(matched).toMatchObject({ code: 0, stderr: '' });
    expect(matched.stdout.trimEnd().split('\n').slice(1)).toEqual(['No differences: the ledger matches the provider.']);
  });

  it.each([
    [['--date', '2027-02-30'], '2027-02-30 is not a date: give --date as YYYY-MM-DD (a UTC day).'],
    [['--date', '2999-01-01'], '2999-01-01 has not begun yet'],
    [[], 'Give the day to reconcile: --date YYYY-MM-DD (a UTC day).'],
    [['--date', '2027-01-18', '--last'], 'Give either --date or --last, not both.'],
  ])('a bad command line %j: its problem and the usage, exit code 2, nothing run', async (args, problem) => {
    const outcome = await ops('payments:reconcile', ...args);
    expect(outcome).toMatchObject({ code: 2, stdout: '' });
    expect(outcome.stderr).toContain(problem);
    expect(outcome.stderr).toContain('Usage: npm run ops -- payments:reconcile --date 2027-01-18 | --last');
  });

  it("the worker's /metrics: differences by kind, refunds applied, and the last run's differences and time", async () => {
    const value = await scrape();
    expect(value('linkbio_reconciliation_differences_total', { kind: 'refund_missing_here' })).toBe(1);
    expect(value('linkbio_reconciliation_differences_total', { kind: 'earning_differs' })).toBe(1);
    expect(value('linkbio_reconciliation_differences_total', { kind: 'payment_amount_differs' })).toBe(1);
    expect(value('linkbio_reconciliation_refunds_applied_total', { outcome: 'applied' })).toBe(1);
    // The last run (the ops command's) matched.
    expect(value('linkbio_reconciliation_last_run_differences')).toBe(0);
    const at = value('linkbio_reconciliation_last_run_timestamp_seconds');
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(60);

    await db.query("update ledger_entries set amount = 1 where booking_id = $1 and kind = 'earning'", [
      changed.earning,
    ]);
    await reconcile();
    expect((await scrape())('linkbio_reconciliation_last_run_differences')).toBe(1);
    await db.query("update ledger_entries set amount = 4000 where booking_id = $1 and kind = 'earning'", [
      changed.earning,
    ]);
  });

  it('product orders and tips (issue 27) are reconciled as bookings are: matched, and a refund billing never recorded applied once', async () => {
    const orders = paidOrders(app, db, smtp);
    const seller = await orders.creator();
    const product = await seller.product({ price: 1000, url: 'https://example.com/x' });
    const sold = await orders.order(seller.details.username, product);
    const refunded = await orders.order(seller.details.username, product);
    await seller.client.post(`/api/sales/${refunded.id}/refund`).expect(200);
    const ours = (run: ReconciliationRun) => run.differences.filter((d) => [sold.intentId, refunded.intentId].includes(d.intentId ?? ''));
    expect(ours(await reconcile())).toEqual([]);

    await db.query("update local_payment_intents set status = 'refunded', updated_at = now() where id = $1", [sold.intentId]);
    const run = await reconcile();
    expect(ours(run).map((d) => [d.kind, d.resolution])).toEqual([['refund_missing_here', 'applied']]);
    expect(await orders.statusOf(sold.id)).toBe('refunded');
    expect(await orders.ledgerOf(sold.id)).toEqual([
      { kind: 'earning', amount: 1000 },
      { kind: 'reversal', amount: -1000 },
    ]);
    expect(ours(await reconcile())).toEqual([]);
  });
});
