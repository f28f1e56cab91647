import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { PaymentMessages, SchedulingMessages, type ManagedBookingView } from '@linkbio/shared-contracts';
import { agent, uniqueIp, type Database } from './support/harness.js';
import { paidBookings } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * The visitor's private manage link over HTTP, with the local test provider and a real SMTP server: the link
 * arrives in the receipt (a token, not the booking id, stored only as its hash); through it the visitor sees
 * the session, cancels it (refunded in full outside the creator's cancellation window, not inside it) or moves
 * it once to another free time; both sides get the invite's next version. Refusals change nothing.
 */
const PUBLIC_URL = 'http://localhost:3000';
const TOKEN = /\/booking\/([A-Za-z0-9_-]{43})/;

describe('managing a paid booking through its private link', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let fixtures: ReturnType<typeof paidBookings>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, smtp, close } = await appWithMailbox('booking_manage', PUBLIC_URL));
    fixtures = paidBookings(app, db);
  });

  afterAll(async () => {
    await close?.();
  });

  const mailsTo = (email: string, subject: string): Mail[] => smtp.mails.filter((m) => m.to.includes(email) && textOf(m).includes(subject));
  const stateOf = async (bookingId: string) =>
    (
      await db.query<{ status: string; slot_start: Date; invite_sequence: number; rescheduled_at: Date | null; cancelled_at: Date | null }>(
        'select status, slot_start, invite_sequence, rescheduled_at, cancelled_at from bookings where id = $1',
        [bookingId],
      )
    ).rows[0]!;
  const holdOf = async (bookingId: string) =>
    (await db.query<{ status: string; slot_start: Date }>('select status, slot_start from slot_holds where id = $1', [bookingId])).rows[0]!;

  /** A creator (cancellation window `cancellationHours`) and a paid session `days` from today: its token from the receipt. */
  async function paidSession(options: { cancellationHours?: number; days?: number; timeZone?: string; locale?: string } = {}) {
    const owner = await fixtures.creator(true, { cancellationHours: options.cancellationHours ?? 24 });
    const start = (await fixtures.slotsOn(owner.details.username, options.days ?? 3))[10]!;
    const paid = await fixtures.booking(owner.details.username, { slotStart: start, timeZone: options.timeZone, locale: options.locale });
    const [receipt] = mailsTo(paid.email, 'Booking confirmed');
    const token = TOKEN.exec(textOf(receipt!))?.[1];
    expect(token).toBeDefined();
    return { owner, start, paid, token: token!, link: `/api/booking-manage/${token}` };
  }

  it('puts an unguessable link in the visitor’s receipt only, stored as its hash, and shows the session through it', async () => {
    const { owner, start, paid, token, link } = await paidSession();
    const receipt = textOf(mailsTo(paid.email, 'Booking confirmed')[0]!);
    expect(receipt).toContain(`Need to cancel or move it? ${PUBLIC_URL}/booking/${token}`);
    expect(token).not.toContain(paid.id);
    expect(textOf(mailsTo(owner.details.email, 'New booking from')[0]!)).not.toMatch(TOKEN);
    const stored = await db.query<{ manage_token_hash: string }>('select manage_token_hash from bookings where id = $1', [paid.id]);
    expect(stored.rows[0]!.manage_token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    const view = (await agent(app).get(link).expect(200)).body as ManagedBookingView;
    expect(view).toEqual({
      creator: { username: owner.details.username, displayName: owner.details.displayName },
      slotStart: start,
      slotEnd: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
      timeZone: 'UTC',
      visitorTimeZone: null,
      amount: 4800,
      status: 'paid',
      cancellationHours: 24,
      refundOnCancel: true,
      canCancel: true,
      canReschedule: true,
      // Booked before the creator added any session type: no name, no place.
      sessionName: null,
      location: null,
    });
  });

  it('refuses a link that matches nothing with a 404, the booking id included', async () => {
    const { paid } = await paidSession();
    for (const token of ['A'.repeat(43), 'short', paid.id, paid.clientSecret]) {
      const answer = await agent(app).get(`/api/booking-manage/${encodeURIComponent(token)}`).expect(404);
      expect(answer.body.message).toBe(PaymentMessages.manageLinkInvalid);
      await agent(app).post(`/api/booking-manage/${encodeURIComponent(token)}/cancel`).expect(404);
    }
    expect((await stateOf(paid.id)).status).toBe('paid');
  });

  it('cancelled outside the window: refunded in full, the earning reversed, the time free, both sides sent the invite’s cancellation', async () => {
    const { owner, start, paid, link } = await paidSession({ days: 3 });
    const cancelled = (await agent(app).post(`${link}/cancel`).expect(200)).body as ManagedBookingView;
    expect(cancelled).toMatchObject({ status: 'refunded', canCancel: false, canReschedule: false, refundOnCancel: false });
    expect(await fixtures.refundsOf(paid.id)).toEqual([{ status: 'succeeded', reason: 'cancelled_by_visitor' }]);
    expect(await fixtures.ledgerOf(paid.id)).toEqual([
      { kind: 'earning', amount: 4000 },
      { kind: 'reversal', amount: -4000 },
    ]);
    expect(await fixtures.slotsOn(owner.details.username, 3)).toContain(start);

    const [toVisitor] = mailsTo(paid.email, 'is cancelled');
    expect(textOf(toVisitor!)).toContain('You cancelled your session with');
    expect(textOf(toVisitor!)).toContain('is refunded in full');
    const [toCreator] = mailsTo(owner.details.email, 'Sam Visitor cancelled their session on');
    expect(textOf(toCreator!)).toContain('your earning of $40.00 is reversed');
    for (const mail of [toVisitor!, toCreator!]) {
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
      expect(textOf(mail)).toContain(`UID:booking-${paid.id}@linkbio`);
      expect(textOf(mail)).toContain('SEQUENCE:1');
    }

    expect((await agent(app).post(`${link}/cancel`).expect(409)).body.message).toBe(PaymentMessages.alreadyCancelled);
    expect((await agent(app).post(`${link}/reschedule`).send({ slotStart: start }).expect(409)).body.message).toBe(PaymentMessages.alreadyCancelled);
    expect(await fixtures.refundsOf(paid.id)).toHaveLength(1);
    expect(mailsTo(paid.email, 'is cancelled')).toHaveLength(1);
  });

  it('cancelled inside the window: cancelled without a refund, the earning kept, the time free, both told', async () => {
    const { owner, start, paid, link } = await paidSession({ cancellationHours: 168, days: 2 });
    const view = (await agent(app).get(link).expect(200)).body as ManagedBookingView;
    expect(view).toMatchObject({ cancellationHours: 168, refundOnCancel: false, canCancel: true });

    const cancelled = (await agent(app).post(`${link}/cancel`).expect(200)).body as ManagedBookingView;
    expect(cancelled).toMatchObject({ status: 'cancelled', canCancel: false, canReschedule: false });
    const state = await stateOf(paid.id);
    expect(state).toMatchObject({ status: 'cancelled', invite_sequence: 1 });
    expect(state.cancelled_at).not.toBeNull();
    expect(await fixtures.refundsOf(paid.id)).toEqual([]);
    expect(await fixtures.ledgerOf(paid.id)).toEqual([{ kind: 'earning', amount: 4000 }]);
    expect((await holdOf(paid.id)).status).toBe('released');
    expect(await fixtures.slotsOn(owner.details.username, 2)).toContain(start);
    expect((await db.query('select status from local_payment_intents where id = $1', [paid.intentId])).rows).toEqual([{ status: 'succeeded' }]);

    const [toVisitor] = mailsTo(paid.email, 'is cancelled');
    expect(textOf(toVisitor!)).toContain('is not refunded');
    const [toCreator] = mailsTo(owner.details.email, 'Sam Visitor cancelled their session on');
    expect(textOf(toCreator!)).toContain('you keep your earning of $40.00');
    for (const mail of [toVisitor!, toCreator!]) {
      expect(mail.raw).toMatch(/method=CANCEL/);
      expect(textOf(mail)).toContain('SEQUENCE:1');
    }
    // Still the creator's booking, as cancelled.
    const listed = (await owner.client.get('/api/bookings').expect(200)).body as { bookings: { id: string; status: string }[] };
    expect(listed.bookings.find((b) => b.id === paid.id)?.status).toBe('cancelled');
    expect((await agent(app).post(`${link}/cancel`).expect(409)).body.message).toBe(PaymentMessages.alreadyCancelled);
  });

  it('moves a session once to another free time: the new time booked, the old one free, both sent the updated invite', async () => {
    const { owner, start, paid, link } = await paidSession({ days: 3 });
    const target = (await fixtures.slotsOn(owner.details.username, 4))[5]!;
    const moved = (await agent(app).post(`${link}/reschedule`).send({ slotStart: target }).expect(200)).body as ManagedBookingView;
    expect(moved).toMatchObject({ status: 'paid', slotStart: target, canCancel: true, canReschedule: false });
    expect(await stateOf(paid.id)).toMatchObject({ status: 'paid', slot_start: new Date(target), invite_sequence: 1 });
    expect(await holdOf(paid.id)).toEqual({ status: 'booked', slot_start: new Date(target) });
    expect(await fixtures.slotsOn(owner.details.username, 3)).toContain(start);
    expect(await fixtures.slotsOn(owner.details.username, 4)).not.toContain(target);

    const [toVisitor] = mailsTo(paid.email, 'is moved');
    const [toCreator] = mailsTo(owner.details.email, 'Sam Visitor moved their session');
    for (const mail of [toVisitor!, toCreator!]) {
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
      expect(textOf(mail)).toContain(`UID:booking-${paid.id}@linkbio`);
      expect(textOf(mail)).toContain('SEQUENCE:1');
      expect(textOf(mail)).toContain(`DTSTART:${target.replace(/[-:]/g, '').replace('.000', '')}`);
    }

    const before = await stateOf(paid.id);
    const again = (await fixtures.slotsOn(owner.details.username, 5))[0]!;
    expect((await agent(app).post(`${link}/reschedule`).send({ slotStart: again }).expect(409)).body.message).toBe(PaymentMessages.alreadyMoved);
    expect(await stateOf(paid.id)).toEqual(before);

    // Cancelled after the move: the cancellation is the next version.
    await agent(app).post(`${link}/cancel`).expect(200);
    expect(textOf(mailsTo(owner.details.email, 'Sam Visitor cancelled their session on')[0]!)).toContain('SEQUENCE:2');
  });

  it('refuses a taken, unoffered or malformed time and a session that has begun, changing nothing', async () => {
    const { owner, paid, link } = await paidSession({ days: 3 });
    const taken = (await fixtures.slotsOn(owner.details.username, 4))[2]!;
    await fixtures.booking(owner.details.username, { slotStart: taken });
    const before = await stateOf(paid.id);
    const hold = await holdOf(paid.id);

    expect((await agent(app).post(`${link}/reschedule`).send({ slotStart: taken }).expect(409)).body.message).toBe(SchedulingMessages.slotTaken);
    const offHour = new Date(Date.parse(taken) + 17 * 60_000).toISOString();
    expect((await agent(app).post(`${link}/reschedule`).send({ slotStart: offHour }).expect(400)).body.message).toBe(SchedulingMessages.slotNotOffered);
    expect((await agent(app).post(`${link}/reschedule`).send({ slotStart: 'tomorrow' }).expect(400)).body.message).toBe(SchedulingMessages.slotStart);
    await agent(app).post(`${link}/reschedule`).send({}).expect(400);
    expect(await stateOf(paid.id)).toEqual(before);
    expect(await holdOf(paid.id)).toEqual(hold);

    await db.query("update bookings set slot_start = now() - interval '10 minutes', slot_end = now() + interval '50 minutes' where id = $1", [paid.id]);
    expect((await agent(app).post(`${link}/cancel`).expect(409)).body.message).toBe(PaymentMessages.sessionPast);
    expect((await agent(app).get(link).expect(200)).body).toMatchObject({ canCancel: false, canReschedule: false, refundOnCancel: false });
    expect((await stateOf(paid.id)).status).toBe('paid');
    expect(await fixtures.refundsOf(paid.id)).toEqual([]);
  });

  it('limits how often one address may try links', async () => {
    const visitor = agent(app, uniqueIp());
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await visitor.get(`/api/booking-manage/${'B'.repeat(43)}`)).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(statuses[60]).toBe(429);
  });

  describe('the visitor’s time zone', () => {
    const zoneOf = async (bookingId: string) =>
      (await db.query<{ visitor_time_zone: string | null; visitor_locale: string | null }>('select visitor_time_zone, visitor_locale from bookings where id = $1', [bookingId])).rows[0]!;
    /** The session's start as the e-mails write it in `timeZone` and `locale` ('Tuesday, March 2, 2027, 9:00'). */
    const startIn = (iso: string, timeZone: string, locale: string) =>
      new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
        .formatRange(new Date(iso), new Date(Date.parse(iso) + 60 * 60_000))
        .replace(/[\u202f\u2009\u00a0]/g, ' ');

    it('is kept through a move that sends none, and replaced by one that does; the moved e-mail says both zones', async () => {
      const { paid, owner, link } = await paidSession({ days: 4, timeZone: 'America/New_York', locale: 'en-US' });
      expect(await zoneOf(paid.id)).toEqual({ visitor_time_zone: 'America/New_York', visitor_locale: 'en-US' });
      expect(((await agent(app).get(link).expect(200)).body as ManagedBookingView).visitorTimeZone).toBe('America/New_York');

      const slots = await fixtures.slotsOn(owner.details.username, 5);
      await agent(app).post(`${link}/reschedule`).send({ slotStart: slots[3] }).expect(200);
      expect(await zoneOf(paid.id)).toEqual({ visitor_time_zone: 'America/New_York', visitor_locale: 'en-US' });
      const [moved] = mailsTo(paid.email, 'is moved');
      expect(textOf(moved!)).toContain(`To: ${startIn(slots[3]!, 'America/New_York', 'en-US')} your time (America/New_York) — `);
      expect(textOf(moved!)).toContain(`for ${owner.details.displayName} (UTC)`);
    });

    it('a move may send the visitor’s zone and locale anew; a bad one is a 400 that moves nothing', async () => {
      const { paid, owner, link, start } = await paidSession({ days: 6, timeZone: 'America/New_York', locale: 'en-US' });
      const target = (await fixtures.slotsOn(owner.details.username, 7))[4]!;
      const bad = await agent(app).post(`${link}/reschedule`).send({ slotStart: target, timeZone: 'Mars/Olympus' }).expect(400);
      expect(bad.body.message).toBe(SchedulingMessages.timeZone);
      expect((await stateOf(paid.id)).slot_start).toEqual(new Date(start));

      await agent(app).post(`${link}/reschedule`).send({ slotStart: target, timeZone: 'Asia/Tokyo', locale: 'en-GB' }).expect(200);
      expect(await zoneOf(paid.id)).toEqual({ visitor_time_zone: 'Asia/Tokyo', visitor_locale: 'en-GB' });
      const [moved] = mailsTo(paid.email, 'is moved');
      expect(textOf(moved!)).toContain(`To: ${startIn(target, 'Asia/Tokyo', 'en-GB')} your time (Asia/Tokyo)`);
    });
  });
});
