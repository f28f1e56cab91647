import type { INestApplication } from '@nestjs/common';
import { PaymentMessages, type BookingView } from '@linkbio/shared-contracts';
import Stripe from 'stripe';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { isoWeekOf, lastEndedWeek } from '../src/modules/payouts/domain/iso-week.js';
import { agent, unique, type Database } from './support/harness.js';
import { card, paidBookings } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Refunds over HTTP with the local test provider, a real SMTP server and Stripe-signed webhooks: the creator
 * cancels a paid booking (refunded in full once, the earning reversed, the time freed, the invite cancelled),
 * a reversal of a week already paid out is netted against the next, a late payment for a time taken meanwhile
 * is refunded by the sweep, and a refund made at the provider applies once however often it is delivered.
 */
const WEBHOOK_SECRET = 'whsec_refunds_integration_secret';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('refunds over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    ({ app, db, smtp, close } = await appWithMailbox('refunds', 'http://localhost:3000'));
    fixtures = paidBookings(app, db);
  });

  afterAll(async () => {
    await close?.();
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });

  let fixtures: ReturnType<typeof paidBookings>;
  const creator = (scheduled: boolean) => fixtures.creator(scheduled);
  const booking = (username: string, options: { slotStart?: string; pay?: boolean; email?: string } = {}) => fixtures.booking(username, options);
  const firstSlot = async (username: string, days = 2) => (await fixtures.slotsOn(username, days))[0]!;
  const ledgerOf = (bookingId: string) => fixtures.ledgerOf(bookingId);
  const refundsOf = (bookingId: string) => fixtures.refundsOf(bookingId);
  const mailsTo = (email: string, subject: string) => smtp.mails.filter((m) => m.to.includes(email) && textOf(m).includes(subject));

  it('the creator cancels a paid session: refunded in full once, the earning reversed, the time free again, the invite cancelled', async () => {
    const { client, details } = await creator(true);
    const start = await firstSlot(details.username);
    const paid = await booking(details.username, { slotStart: start });
    expect(await ledgerOf(paid.id)).toEqual([{ kind: 'earning', amount: 4000 }]);

    const cancelled = await client.post(`/api/bookings/${paid.id}/cancel`).expect(200);
    expect((cancelled.body as { booking: BookingView }).booking).toMatchObject({ id: paid.id, status: 'refunded', slotStart: start });
    expect(await ledgerOf(paid.id)).toEqual([
      { kind: 'earning', amount: 4000 },
      { kind: 'reversal', amount: -4000 },
    ]);
    expect(await refundsOf(paid.id)).toEqual([{ status: 'succeeded', reason: 'cancelled_by_creator' }]);
    expect((await db.query('select status from local_payment_intents where id = $1', [paid.intentId])).rows).toEqual([{ status: 'refunded' }]);
    expect(await fixtures.slotsOn(details.username, 2)).toContain(start);

    const [mail] = mailsTo(paid.email, 'is cancelled');
    expect(mail).toBeDefined();
    const text = textOf(mail!);
    expect(text).toContain(`Creator ${details.username} cancelled your session on`);
    expect(text).toContain('Your payment of $48.00 is refunded in full to the card you paid with.');
    expect(mail!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    expect(text).toContain(`UID:booking-${paid.id}@linkbio`);
    expect(text).toContain('SEQUENCE:1');

    // Asked again (a double click, a retry): the same answer, nothing more refunded or sent.
    const again = await client.post(`/api/bookings/${paid.id}/cancel`).expect(200);
    expect((again.body as { booking: BookingView }).booking.status).toBe('refunded');
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect(await ledgerOf(paid.id)).toHaveLength(2);
    expect(mailsTo(paid.email, 'is cancelled')).toHaveLength(1);
    // Still listed, with what became of it.
    const listed = (await client.get('/api/bookings').expect(200)).body as { bookings: BookingView[] };
    expect(listed.bookings.find((b) => b.id === paid.id)?.status).toBe('refunded');
  });

  it('refuses what cannot be cancelled, changing nothing', async () => {
    const owner = await creator(false);
    const other = await creator(false);
    const paid = await booking(owner.details.username);
    const unpaid = await booking(owner.details.username, { pay: false });

    expect((await other.client.post(`/api/bookings/${paid.id}/cancel`).expect(404)).body.message).toBe(PaymentMessages.bookingNotFound);
    expect((await owner.client.post('/api/bookings/00000000-0000-4000-8000-000000000000/cancel').expect(404)).body.message).toBe(PaymentMessages.bookingNotFound);
    expect((await owner.client.post('/api/bookings/not-an-id/cancel').expect(404)).body.message).toBe(PaymentMessages.bookingNotFound);
    expect((await owner.client.post(`/api/bookings/${unpaid.id}/cancel`).expect(409)).body.message).toBe(PaymentMessages.notRefundable);
    await agent(app).post(`/api/bookings/${paid.id}/cancel`).expect(401);

    expect(await ledgerOf(paid.id)).toEqual([{ kind: 'earning', amount: 4000 }]);
    expect(await refundsOf(paid.id)).toEqual([]);
    expect(await refundsOf(unpaid.id)).toEqual([]);
  });

  it('a refund of a week already paid out is netted against the next earnings', async () => {
    const { client, details, user } = await creator(false);
    await client.put('/api/users/payout-settings').send({ paypalEmail: details.email }).expect(200);
    await db.query('update users set email_verified_at = now() where id = $1', [user.id]);
    const week = lastEndedWeek(new Date());
    const before = new Date(week.start.getTime() - 3 * DAY_MS);
    const within = new Date(week.start.getTime() + DAY_MS);
    const payouts = app.get(CreateWeeklyPayoutsUseCase);
    const payoutsOf = async () =>
      (await db.query<{ week: string; amount: number }>('select week, amount from payouts where creator_id = $1 order by week', [user.id])).rows;

    const first = await booking(details.username);
    await db.query('update ledger_entries set created_at = $2 where booking_id = $1', [first.id, before]);
    const previousWeek = isoWeekOf(before).label;
    await payouts.execute(previousWeek);
    expect(await payoutsOf()).toEqual([{ week: previousWeek, amount: 4000 }]);

    await client.post(`/api/bookings/${first.id}/cancel`).expect(200);
    expect((await client.get('/api/payouts').expect(200)).body.balance).toBe(-4000);
    const second = await booking(details.username);
    await db.query('update ledger_entries set created_at = $2 where booking_id in ($1, $3)', [first.id, within, second.id]);
    // -$40.00 reversed and +$40.00 earned in the week: nothing to pay, the balance carries over.
    await db.query("update ledger_entries set created_at = $2 where booking_id = $1 and kind = 'reversal'", [first.id, within]);
    await payouts.execute(week.label);
    expect(await payoutsOf()).toEqual([{ week: previousWeek, amount: 4000 }]);
    expect((await client.get('/api/payouts').expect(200)).body.balance).toBe(0);

    const third = await booking(details.username);
    await db.query('update ledger_entries set created_at = $2 where booking_id = $1', [third.id, within]);
    await payouts.execute(week.label);
    expect(await payoutsOf()).toEqual([
      { week: previousWeek, amount: 4000 },
      { week: week.label, amount: 4000 },
    ]);
  });

  it('a payment that came after its time was taken is refunded by the sweep, once, and the visitor told why', async () => {
    const { details } = await creator(true);
    const start = await firstSlot(details.username, 3);
    const late = await booking(details.username, { slotStart: start, pay: false });
    await db.query("update slot_holds set expires_at = now() - interval '1 minute' where id = $1", [late.id]);
    await db.query("update bookings set hold_expires_at = now() - interval '1 minute' where id = $1", [late.id]);
    await booking(details.username, { slotStart: start });
    await agent(app).post('/api/payments/local/confirm').send(card(late.clientSecret)).expect(200);
    expect((await db.query('select status from bookings where id = $1', [late.id])).rows).toEqual([{ status: 'refund_due' }]);

    const sweep = app.get(BillingSweepProcessor);
    expect(await sweep.process()).toMatchObject({ refunded: 1 });
    expect(await sweep.process()).toMatchObject({ refunded: 0 });

    expect((await db.query('select status from bookings where id = $1', [late.id])).rows).toEqual([{ status: 'refunded' }]);
    expect(await refundsOf(late.id)).toEqual([{ status: 'succeeded', reason: 'time_taken' }]);
    expect(await ledgerOf(late.id)).toEqual([]);
    const [mail] = mailsTo(late.email, 'is refunded');
    expect(textOf(mail!)).toContain('arrived after that time had gone to someone else, so nothing is booked.');
    expect(mail!.raw).not.toContain('text/calendar');
  });

  it('a refund made at the provider applies once, however often its event is delivered', async () => {
    const { details } = await creator(false);
    const paid = await booking(details.username);
    const payload = JSON.stringify({
      id: `evt_${unique('refund')}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: paid.intentId, amount: 4800, amount_refunded: 4800, refunded: true } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () =>
        agent(app)
          .post('/api/webhooks/stripe')
          .set('Content-Type', 'application/json')
          .set('Origin', 'https://stripe.com')
          .set('Sec-Fetch-Site', 'cross-site')
          .set('Stripe-Signature', signature)
          .send(payload),
      ),
    );
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));

    expect((await db.query('select status from bookings where id = $1', [paid.id])).rows).toEqual([{ status: 'refunded' }]);
    expect(await refundsOf(paid.id)).toEqual([{ status: 'succeeded', reason: 'at_provider' }]);
    expect(await ledgerOf(paid.id)).toEqual([
      { kind: 'earning', amount: 4000 },
      { kind: 'reversal', amount: -4000 },
    ]);
    expect(mailsTo(paid.email, 'is cancelled')).toHaveLength(1);
  });
});
