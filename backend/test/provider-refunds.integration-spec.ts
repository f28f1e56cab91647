import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { PaymentMessages, type BookingView } from '@linkbio/shared-contracts';
import Stripe from 'stripe';
import request from 'supertest';
import { ProviderEventIntake } from '../src/modules/billing/application/ports/provider-event-intake.js';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { isoWeekOf, lastEndedWeek } from '../src/modules/payouts/domain/iso-week.js';
import { agent, basicAuth, unique, type Database } from './support/harness.js';
import { card, paidBookings } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Refunds made at the provider (issue 24), over HTTP with Stripe-signed webhooks, the local test provider and a
 * real SMTP server: full ones for a booking in each state it can be refunded from, partial ones (the creator's
 * share reversed in proportion), each applied once whatever the order and repetition of their events; a refund
 * failing after it succeeded; repeated creator cancels answering the end state; and provider events that
 * cannot be applied, kept, counted and listed for the operators.
 */
const WEBHOOK_SECRET = 'whsec_provider_refunds';
const OPERATOR = { user: 'ops', password: 'provider refunds operator' };
const OPS = fileURLToPath(new URL('../dist/ops.main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /\/booking\/([A-Za-z0-9_-]{43})/;

type Event = { id: string; type: string; object: Record<string, unknown> };

describe('refunds made at the provider', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let fixtures: ReturnType<typeof paidBookings>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    ({ app, db, smtp, close } = await appWithMailbox('provider_refunds', 'http://localhost:3000'));
    fixtures = paidBookings(app, db);
  });

  afterAll(async () => {
    await close?.();
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.OPERATOR_USER;
    delete process.env.OPERATOR_PASSWORD;
  });

  const event = (type: string, object: Record<string, unknown>, id = `evt_${unique('e')}`): Event => ({ id, type, object });
  const deliver = (e: Event) => {
    const payload = JSON.stringify({ id: e.id, object: 'event', type: e.type, created: Math.floor(Date.now() / 1000), data: { object: e.object } });
    return agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload)
      .expect(200);
  };
  /** Each event delivered twice, one after the other in the order given. */
  const deliverTwice = async (events: Event[]) => {
    for (const e of [...events, ...events]) await deliver(e);
  };

  const refundObject = (intentId: string, id: string, amount: number, status = 'succeeded', currency = 'usd') => ({
    id,
    object: 'refund',
    amount,
    currency,
    status,
    payment_intent: intentId,
    charge: `ch_${intentId}`,
    created: Math.floor(Date.now() / 1000),
  });
  const chargeRefunded = (intentId: string, amount: number, refunds: Array<{ id: string; amount: number }>) =>
    event('charge.refunded', {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount,
      amount_refunded: refunds.reduce((sum, r) => sum + r.amount, 0),
      currency: 'usd',
      refunded: refunds.reduce((sum, r) => sum + r.amount, 0) === amount,
      refunds: { object: 'list', data: refunds.map((r) => refundObject(intentId, r.id, r.amount)) },
    });

  const statusOf = async (bookingId: string) => (await db.query<{ status: string }>('select status from bookings where id = $1', [bookingId])).rows[0]!.status;
  const refundRows = async (bookingId: string) =>
    (
      await db.query<{ amount: number; reason: string; status: string; provider_refund_id: string | null }>(
        'select amount, reason, status, provider_refund_id from refunds where booking_id = $1 order by provider_refund_id',
        [bookingId],
      )
    ).rows;
  const reversals = async (bookingId: string) =>
    (await db.query<{ amount: number }>("select amount from ledger_entries where booking_id = $1 and kind = 'reversal' order by amount", [bookingId])).rows.map(
      (r) => r.amount,
    );
  const earning = async (bookingId: string) =>
    (await db.query<{ amount: number }>("select amount from ledger_entries where booking_id = $1 and kind = 'earning'", [bookingId])).rows.map((r) => r.amount);
  const refundedMails = (email: string) => smtp.mails.filter((m) => m.to.includes(email) && textOf(m).includes('is refunded in full'));
  const scrape = async () => (await request(app.getHttpServer()).get('/metrics').set('Authorization', basicAuth(OPERATOR.user, OPERATOR.password)).expect(200)).text;
  const series = (text: string, name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels}\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);

  /** A creator taking $75.00 sessions (a $90.00 payment, $75.00 earned). */
  async function creator90(scheduled = false, availability: { cancellationHours?: number } = {}) {
    const signedIn = await fixtures.creator(scheduled, availability);
    await signedIn.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '75' }).expect(200);
    return signedIn;
  }

  describe('a full refund, in any state the booking can be refunded from', () => {
    it('paid: refunded once, the earning reversed, the visitor told once, whatever the events’ order and repetition', async () => {
      const { details } = await fixtures.creator(false);
      const paid = await fixtures.booking(details.username);
      const refundId = `re_${unique('full')}`;
      const counted = () => scrape().then((text) => series(text, 'linkbio_refunds_total', 'provider="stripe",outcome="succeeded"'));
      const before = await counted();
      await deliverTwice([event('refund.updated', refundObject(paid.intentId, refundId, 4800)), chargeRefunded(paid.intentId, 4800, [{ id: refundId, amount: 4800 }])]);
      // One refund, counted once, though four events told of it.
      expect(await counted()).toBe(before + 1);

      expect(await statusOf(paid.id)).toBe('refunded');
      expect(await refundRows(paid.id)).toEqual([{ amount: 4800, reason: 'at_provider', status: 'succeeded', provider_refund_id: refundId }]);
      expect(await reversals(paid.id)).toEqual([-4000]);
      expect(refundedMails(paid.email)).toHaveLength(1);
    });

    it('cancelled by the visitor inside the window (the earning kept): refunded, the earning reversed', async () => {
      const { details } = await fixtures.creator(true, { cancellationHours: 72 });
      const start = (await fixtures.slotsOn(details.username, 2))[5]!;
      const paid = await fixtures.booking(details.username, { slotStart: start });
      const receipt = smtp.mails.find((m) => m.to.includes(paid.email) && textOf(m).includes('Booking confirmed'));
      const token = TOKEN.exec(textOf(receipt!))?.[1];
      expect(token).toBeDefined();
      const cancelled = await agent(app).post(`/api/booking-manage/${token}/cancel`).expect(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(await reversals(paid.id)).toEqual([]);

      const refundId = `re_${unique('late')}`;
      // The charge's event first this time, not listing its refunds (as Stripe's current API versions send it).
      const unlisted = event('charge.refunded', { id: `ch_${paid.intentId}`, object: 'charge', payment_intent: paid.intentId, amount: 4800, amount_refunded: 4800, currency: 'usd', refunded: true });
      await deliverTwice([unlisted, event('refund.created', refundObject(paid.intentId, refundId, 4800))]);

      expect(await statusOf(paid.id)).toBe('refunded');
      expect(await refundRows(paid.id)).toEqual([{ amount: 4800, reason: 'at_provider', status: 'succeeded', provider_refund_id: refundId }]);
      expect(await reversals(paid.id)).toEqual([-4000]);
      expect(refundedMails(paid.email)).toHaveLength(1);
    });

    it('refund_due (a late payment for a time taken): the provider’s refund completes it, once; the sweep asks nothing more', async () => {
      const { details } = await fixtures.creator(true);
      const start = (await fixtures.slotsOn(details.username, 3))[7]!;
      const late = await fixtures.booking(details.username, { slotStart: start, pay: false });
      await db.query("update slot_holds set expires_at = now() - interval '1 minute' where id = $1", [late.id]);
      await db.query("update bookings set hold_expires_at = now() - interval '1 minute' where id = $1", [late.id]);
      await fixtures.booking(details.username, { slotStart: start });
      await agent(app).post('/api/payments/local/confirm').send(card(late.clientSecret)).expect(200);
      expect(await statusOf(late.id)).toBe('refund_due');

      const refundId = `re_${unique('due')}`;
      await deliverTwice([chargeRefunded(late.intentId, 4800, [{ id: refundId, amount: 4800 }])]);
      expect(await statusOf(late.id)).toBe('refunded');
      expect(await app.get(BillingSweepProcessor).process()).toMatchObject({ refunded: 0 });
      expect((await refundRows(late.id)).map((r) => r.amount)).toEqual([4800]);
      expect(await earning(late.id)).toEqual([]);
      expect(await reversals(late.id)).toEqual([]);
      expect(refundedMails(late.email)).toHaveLength(1);
      // Told why: no session was booked, so no calendar cancellation either.
      expect(textOf(refundedMails(late.email)[0]!)).toContain('arrived after that time had gone to someone else');
      expect(refundedMails(late.email)[0]!.raw).not.toContain('text/calendar');
    });

    it('after the earning was paid out: the reversal is netted against the next earnings', async () => {
      const { client, details, user } = await fixtures.creator(false);
      await client.put('/api/users/payout-settings').send({ paypalEmail: details.email }).expect(200);
      await db.query('update users set email_verified_at = now() where id = $1', [user.id]);
      const week = lastEndedWeek(new Date());
      const before = new Date(week.start.getTime() - 3 * DAY_MS);
      const paid = await fixtures.booking(details.username);
      await db.query('update ledger_entries set created_at = $2 where booking_id = $1', [paid.id, before]);
      await app.get(CreateWeeklyPayoutsUseCase).execute(isoWeekOf(before).label);
      expect((await client.get('/api/payouts').expect(200)).body.balance).toBe(0);

      await deliverTwice([event('refund.updated', refundObject(paid.intentId, `re_${unique('out')}`, 4800))]);
      expect(await statusOf(paid.id)).toBe('refunded');
      expect((await client.get('/api/payouts').expect(200)).body.balance).toBe(-4000);
    });
  });

  describe('partial refunds', () => {
    /** Two $45.00 refunds of a $90.00 booking, their events in the order given (each delivered twice). */
    async function twoHalves(order: (events: { a: Event[]; b: Event[] }) => Event[][]) {
      const { details } = await creator90();
      const paid = await fixtures.booking(details.username);
      const [ra, rb] = [`re_${unique('a')}`, `re_${unique('b')}`];
      const a = [event('refund.created', refundObject(paid.intentId, ra, 4500)), chargeRefunded(paid.intentId, 9000, [{ id: ra, amount: 4500 }])];
      const b = [event('refund.updated', refundObject(paid.intentId, rb, 4500)), chargeRefunded(paid.intentId, 9000, [{ id: ra, amount: 4500 }, { id: rb, amount: 4500 }])];
      const steps = order({ a, b });
      const seen: Array<{ status: string; reversals: number[] }> = [];
      for (const step of steps) {
        await deliverTwice(step);
        seen.push({ status: await statusOf(paid.id), reversals: await reversals(paid.id) });
      }
      return { paid, seen, refunds: await refundRows(paid.id) };
    }

    it('$45.00 of $90.00: partially_refunded, half the earning reversed; the second half: refunded, exactly the earning reversed', async () => {
      const { paid, seen, refunds } = await twoHalves(({ a, b }) => [a, b]);
      expect(seen).toEqual([
        { status: 'partially_refunded', reversals: [-3750] },
        { status: 'refunded', reversals: [-3750, -3750] },
      ]);
      expect(refunds.map((r) => [r.amount, r.reason, r.status])).toEqual([
        [4500, 'at_provider', 'succeeded'],
        [4500, 'at_provider', 'succeeded'],
      ]);
      expect(await earning(paid.id)).toEqual([7500]);
      expect(refundedMails(paid.email)).toHaveLength(1);
    });

    it('the same end state when the events come reversed and mixed', async () => {
      const { seen, refunds } = await twoHalves(({ a, b }) => [[b[1]!, a[0]!], [b[0]!, a[1]!]]);
      expect(seen.at(-1)).toEqual({ status: 'refunded', reversals: [-3750, -3750] });
      expect(refunds).toHaveLength(2);
    });

    it('the same end state when all their events come at once, each twice', async () => {
      const { details } = await creator90();
      const paid = await fixtures.booking(details.username);
      const [ra, rb] = [`re_${unique('a')}`, `re_${unique('b')}`];
      const events = [
        event('refund.created', refundObject(paid.intentId, ra, 4500)),
        event('refund.updated', refundObject(paid.intentId, rb, 4500)),
        chargeRefunded(paid.intentId, 9000, [{ id: ra, amount: 4500 }]),
        chargeRefunded(paid.intentId, 9000, [{ id: ra, amount: 4500 }, { id: rb, amount: 4500 }]),
      ];
      await Promise.all([...events, ...events].map(deliver));
      expect(await statusOf(paid.id)).toBe('refunded');
      expect(await reversals(paid.id)).toEqual([-3750, -3750]);
      expect((await refundRows(paid.id)).map((r) => r.provider_refund_id).sort()).toEqual([ra, rb].sort());
      expect(refundedMails(paid.email)).toHaveLength(1);
    });

    it('the creator cancelling a partly refunded booking refunds the rest, and the total reversed is the earning', async () => {
      const { client, details } = await creator90();
      const paid = await fixtures.booking(details.username);
      await deliverTwice([event('refund.updated', refundObject(paid.intentId, `re_${unique('third')}`, 3000))]);
      expect(await statusOf(paid.id)).toBe('partially_refunded');
      expect(await reversals(paid.id)).toEqual([-2500]);
      const listed = (await client.get('/api/bookings').expect(200)).body as { bookings: BookingView[] };
      expect(listed.bookings.find((b) => b.id === paid.id)?.status).toBe('partially_refunded');

      const cancelled = await client.post(`/api/bookings/${paid.id}/cancel`).expect(200);
      expect(cancelled.body.booking.status).toBe('refunded');
      expect((await refundRows(paid.id)).map((r) => [r.amount, r.reason, r.status]).sort()).toEqual([
        [3000, 'at_provider', 'succeeded'],
        [6000, 'cancelled_by_creator', 'succeeded'],
      ]);
      expect(await reversals(paid.id)).toEqual([-5000, -2500]);
      expect(refundedMails(paid.email)).toHaveLength(1);
    });

    it('the visitor cannot cancel or move a partly refunded session through their link', async () => {
      const { details } = await fixtures.creator(true);
      const start = (await fixtures.slotsOn(details.username, 4))[9]!;
      const paid = await fixtures.booking(details.username, { slotStart: start });
      const receipt = smtp.mails.find((m) => m.to.includes(paid.email) && textOf(m).includes('Booking confirmed'));
      const token = TOKEN.exec(textOf(receipt!))![1]!;
      await deliverTwice([event('refund.updated', refundObject(paid.intentId, `re_${unique('part')}`, 1000))]);
      expect(await statusOf(paid.id)).toBe('partially_refunded');

      const view = (await agent(app).get(`/api/booking-manage/${token}`).expect(200)).body;
      expect(view).toMatchObject({ status: 'partially_refunded', canCancel: false, canReschedule: false });
      expect((await agent(app).post(`/api/booking-manage/${token}/cancel`).expect(409)).body.message).toBe(PaymentMessages.notManageable);
      const other = (await fixtures.slotsOn(details.username, 5))[3]!;
      await agent(app).post(`/api/booking-manage/${token}/reschedule`).send({ slotStart: other }).expect(409);
      expect(await statusOf(paid.id)).toBe('partially_refunded');
    });

    it('a refund beyond what is left of the payment is not applied, and kept for the operators', async () => {
      const { details } = await creator90();
      const paid = await fixtures.booking(details.username);
      await deliverTwice([event('refund.updated', refundObject(paid.intentId, `re_${unique('big')}`, 6000))]);
      const over = event('refund.updated', refundObject(paid.intentId, `re_${unique('over')}`, 6000));
      await deliverTwice([over]);
      expect(await statusOf(paid.id)).toBe('partially_refunded');
      expect(await reversals(paid.id)).toEqual([-5000]);
      const kept = await db.query('select reason from provider_events_unapplied where event_id = $1', [over.id]);
      expect(kept.rows).toEqual([{ reason: 'exceeds_payment' }]);
    });
  });

  it('a refund failing after it succeeded: refund_failed for the operators, counted, listed; the reversal stays', async () => {
    const { details } = await fixtures.creator(false);
    const paid = await fixtures.booking(details.username);
    const refundId = `re_${unique('fails')}`;
    const before = series(await scrape(), 'linkbio_refunds_failed_after_success_total', 'provider="stripe"');
    await deliverTwice([event('refund.updated', refundObject(paid.intentId, refundId, 4800))]);
    expect(await statusOf(paid.id)).toBe('refunded');
    await deliverTwice([event('refund.failed', refundObject(paid.intentId, refundId, 4800, 'failed')), event('refund.updated', refundObject(paid.intentId, refundId, 4800, 'failed'))]);

    expect(await statusOf(paid.id)).toBe('refund_failed');
    expect(await reversals(paid.id)).toEqual([-4000]);
    expect(series(await scrape(), 'linkbio_refunds_failed_after_success_total', 'provider="stripe"')).toBe(before + 1);
    // A late report of its success changes nothing.
    await deliverTwice([chargeRefunded(paid.intentId, 4800, [{ id: refundId, amount: 4800 }])]);
    expect(await statusOf(paid.id)).toBe('refund_failed');

    const listed = await ops('payments:refund-failed');
    expect(listed.code).toBe(0);
    const line = listed.stdout.split('\n').find((l) => l.startsWith(paid.id));
    expect(line).toContain(refundId);
    expect(line).toContain(details.username);
    expect(line).toContain('48.00');
  }, 60_000);

  it('20 cancels at once by the creator: every answer refunded, one refund, one reversal, one e-mail', async () => {
    const { client, details } = await fixtures.creator(false);
    const paid = await fixtures.booking(details.username);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post(`/api/bookings/${paid.id}/cancel`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => (a.body as { booking: BookingView }).booking.status)).toEqual(Array(20).fill('refunded'));
    expect(await refundRows(paid.id)).toHaveLength(1);
    expect(await reversals(paid.id)).toEqual([-4000]);
    expect(refundedMails(paid.email)).toHaveLength(1);
  });

  it('a reconciliation’s refund event applies the refund once, before or after its webhook', async () => {
    const intake = app.get(ProviderEventIntake);
    const { details } = await fixtures.creator(false);
    const first = await fixtures.booking(details.username);
    const second = await fixtures.booking(details.username);
    const reconcile = (intentId: string, refundId: string) => ({
      id: `reconcile_${refundId}`,
      type: 'refund.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: refundObject(intentId, refundId, 4800) },
    });
    // Before the webhook.
    const r1 = `re_${unique('rec1')}`;
    expect(await intake.apply(reconcile(first.intentId, r1), 'stripe')).toBe('applied');
    expect(await intake.apply(reconcile(first.intentId, r1), 'stripe')).toBe('duplicate');
    await deliverTwice([chargeRefunded(first.intentId, 4800, [{ id: r1, amount: 4800 }])]);
    // After it.
    const r2 = `re_${unique('rec2')}`;
    await deliverTwice([event('refund.updated', refundObject(second.intentId, r2, 4800))]);
    expect(await intake.apply(reconcile(second.intentId, r2), 'stripe')).toBe('duplicate');

    for (const booking of [first, second]) {
      expect(await statusOf(booking.id)).toBe('refunded');
      expect(await refundRows(booking.id)).toHaveLength(1);
      expect(await reversals(booking.id)).toEqual([-4000]);
      expect(refundedMails(booking.email)).toHaveLength(1);
    }
    expect(await intake.apply(reconcile('pi_unknown_to_us', `re_${unique('nobody')}`), 'stripe')).toBe('unapplied');
  });

  it('events that cannot be applied are kept once each with their reason, counted and listed; none in silence', async () => {
    const { details } = await fixtures.creator(false);
    const paid = await fixtures.booking(details.username);
    const since = new Date().toISOString().slice(0, 10);
    const unknownIntent = event('refund.updated', refundObject(`pi_${unique('nobody')}`, `re_${unique('x')}`, 4800));
    const otherCurrency = event('refund.created', refundObject(paid.intentId, `re_${unique('eur')}`, 4800, 'succeeded', 'eur'));
    const malformed = event('refund.updated', { id: `re_${unique('bad')}`, object: 'refund', amount: 'lots', status: 'succeeded' });
    const unknownType = event('payout.paid', { id: `po_${unique('po')}`, object: 'payout' });
    const before = await scrape();
    await deliverTwice([unknownIntent, otherCurrency, malformed, unknownType]);

    const kept = await db.query<{ event_id: string; provider: string; type: string; reason: string; detail: string }>(
      'select event_id, provider, type, reason, detail from provider_events_unapplied where event_id = any($1) order by type, reason',
      [[unknownIntent.id, otherCurrency.id, malformed.id, unknownType.id]],
    );
    expect(kept.rows.map((r) => [r.event_id, r.type, r.reason])).toEqual([
      [unknownType.id, 'payout.paid', 'unknown_type'],
      [otherCurrency.id, 'refund.created', 'currency_mismatch'],
      [malformed.id, 'refund.updated', 'malformed'],
      [unknownIntent.id, 'refund.updated', 'unknown_payment'],
    ]);
    for (const row of kept.rows) expect(row.detail.length).toBeGreaterThan(10);
    expect(await statusOf(paid.id)).toBe('paid');
    expect(await reversals(paid.id)).toEqual([]);

    const after = await scrape();
    const name = 'linkbio_provider_events_unapplied_total';
    const delta = (labels: string) => series(after, name, labels) - series(before, name, labels);
    expect(delta('provider="stripe",type="other",reason="unknown_type"')).toBe(1);
    expect(delta('provider="stripe",type="refund.created",reason="currency_mismatch"')).toBe(1);
    expect(delta('provider="stripe",type="refund.updated",reason="malformed"')).toBe(1);
    expect(delta('provider="stripe",type="refund.updated",reason="unknown_payment"')).toBe(1);
    expect(after).not.toContain('payout.paid');

    const listed = await ops('payments:unapplied', '--since', since);
    expect(listed.code).toBe(0);
    for (const e of [unknownIntent, otherCurrency, malformed, unknownType]) {
      expect(listed.stdout.split('\n').filter((line) => line.includes(e.id))).toHaveLength(1);
    }
    const future = await ops('payments:unapplied', '--since', '2999-01-01');
    expect(future.stdout).toBe('No unapplied provider events since 2999-01-01.\n');
    const wrong = await ops('payments:unapplied', '--since', '2027-02-30');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--since takes a date as YYYY-MM-DD');
  }, 120_000);

  /** The operators' CLI in a child process, on this file's database (a few seconds each: the tests above allow for it). */
  function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: `linkbio-test-${unique('refund-ops')}:`,
        SESSION_SECRET: 'provider-refunds-ops-session-secret-0123456789',
      };
      if (!env.REDIS_URL) delete env.REDIS_URL;
      execFile(process.execPath, [OPS, ...args], { cwd: ROOT, env, timeout: 30_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
    });
  }
});
