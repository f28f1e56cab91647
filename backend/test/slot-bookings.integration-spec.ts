import type { INestApplication } from '@nestjs/common';
import {
  BOOKINGS_PER_EMAIL_PER_HOUR,
  BOOKINGS_PER_IP_PER_HOUR,
  LocaleMessages,
  PaymentMessages,
  SchedulingMessages,
  type BookingsPage,
  type SlotsView,
} from '@linkbio/shared-contracts';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { agent, signedInCreator, unique, uniqueIp, type Database } from './support/harness.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Paid sessions at set times over HTTP (local payment provider, real PostgreSQL, Redis and SMTP): a picked slot
 * is held while the visitor pays, one time goes to one visitor however many ask at once, an unpaid hold
 * expires, a late payment for a time taken meanwhile is due back, booking requests are limited, and the
 * creator's list pages through paid bookings.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** An hour's session `days` from today, UTC (every hour is offered: see scheduledCreator). */
const slotAt = (days: number, hour: number) => `${dateIn(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
const card = (clientSecret: string, cardNumber = '4242424242424242') => ({ clientSecret, cardNumber, expiry: '12/34', cvc: '123', name: 'Ada' });

describe('bookings at set times over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let close: () => Promise<void>;
  let smtp: TestSmtp;

  beforeAll(async () => {
    // A database of its own: the billing sweep this spec runs acts on every row.
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, close, smtp } = await appWithMailbox('slot_bookings', 'http://localhost:3000'));
  });

  afterAll(() => close?.());

  /** A creator taking bookings at $40, every hour of every day (UTC), no notice, 30 days ahead. */
  async function scheduledCreator(over: Record<string, unknown> = {}) {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    await creator.client
      .put('/api/users/availability')
      .send({ timeZone: 'UTC', sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 30, weekly: everyDay, datesOff: [], cancellationHours: 24, ...over })
      .expect(200);
    return creator;
  }

  async function unscheduledCreator() {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    return creator;
  }

  const book = (username: string, slotStart?: string, visitor: { ip?: string; email?: string; name?: string } = {}) =>
    agent(app, visitor.ip ?? uniqueIp())
      .post(`/api/users/${username}/book`)
      .send({ customerName: visitor.name ?? 'Ada Lovelace', customerEmail: visitor.email ?? `${unique('v')}@example.com`, ...(slotStart ? { slotStart } : {}) });

  const bookingOf = async (clientSecret: string) => {
    const row = await db.query<{ id: string; status: string; slot_start: Date | null; slot_end: Date | null; hold_expires_at: Date | null }>(
      'select id, status, slot_start, slot_end, hold_expires_at from bookings where payment_intent_id = $1',
      [clientSecret.split('_secret_')[0]],
    );
    return row.rows[0]!;
  };
  const holdOf = async (bookingId: string) =>
    (await db.query<{ status: string }>('select status from slot_holds where id = $1', [bookingId])).rows[0]?.status;
  const ledgerOf = async (bookingId: string) =>
    (await db.query('select amount from ledger_entries where booking_id = $1', [bookingId])).rows;
  const slotsOf = async (username: string, date: string) =>
    ((await agent(app).get(`/api/users/${username}/slots?from=${date}&days=1`).expect(200)).body as SlotsView).slots.map((slot) => slot.start);
  /** The hold ran out (as if its ten minutes had passed). */
  const expireHold = async (bookingId: string) => {
    await db.query("update slot_holds set expires_at = now() - interval '1 minute' where id = $1", [bookingId]);
    await db.query("update bookings set hold_expires_at = now() - interval '1 minute' where id = $1", [bookingId]);
  };
  const sweep = () => app.get(BillingSweepProcessor).process();

  it('holds the picked slot for 10 minutes while the visitor pays, and keeps it once paid', async () => {
    const creator = await scheduledCreator();
    const start = slotAt(2, 10);
    const booked = await book(creator.details.username, start).expect(201);
    expect(booked.body).toMatchObject({ amount: 4800, userAmount: 4000, platformFee: 800 });
    const booking = await bookingOf((booked.body as { clientSecret: string }).clientSecret);
    expect(booking).toMatchObject({ status: 'pending_payment', slot_start: new Date(start), slot_end: new Date(slotAt(2, 11)) });
    expect(Math.abs(booking.hold_expires_at!.getTime() - (Date.now() + 10 * 60_000))).toBeLessThan(30_000);
    expect(await holdOf(booking.id)).toBe('held');
    expect(await slotsOf(creator.details.username, dateIn(2))).not.toContain(start);
    expect(await slotsOf(creator.details.username, dateIn(2))).toContain(slotAt(2, 11));

    await agent(app).post('/api/payments/local/confirm').send(card((booked.body as { clientSecret: string }).clientSecret)).expect(200);
    expect((await bookingOf((booked.body as { clientSecret: string }).clientSecret)).status).toBe('paid');
    expect(await holdOf(booking.id)).toBe('booked');
    expect(await ledgerOf(booking.id)).toEqual([{ amount: 4000 }]);
    const list = (await creator.client.get('/api/bookings').expect(200)).body as BookingsPage;
    expect(list.bookings).toEqual([expect.objectContaining({ id: booking.id, status: 'paid', slotStart: start, slotEnd: slotAt(2, 11) })]);
  });

  it('tells both sides when the paid session is, in the creator’s time zone, with one calendar invite', async () => {
    const creator = await scheduledCreator({ timeZone: 'Europe/Berlin' });
    const visitor = `${unique('v')}@example.com`;
    const start = (await agent(app).get(`/api/users/${creator.details.username}/slots?from=${dateIn(3)}&days=1`).expect(200)).body.slots[0].start as string;
    const booked = await book(creator.details.username, start, { email: visitor, name: 'Sam Visitor' }).expect(201);
    await agent(app).post('/api/payments/local/confirm').send(card((booked.body as { clientSecret: string }).clientSecret)).expect(200);

    const when = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(start));
    const mails = [
      smtp.mails.find((m) => m.to.includes(visitor) && m.raw.includes('Booking confirmed')),
      smtp.mails.find((m) => m.to.includes(creator.details.email) && m.raw.includes('New booking from')),
    ];
    for (const mail of mails) {
      expect(mail).toBeDefined();
      expect(mail!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    }
    // The visitor sent no zone: told once, in the creator's, as en-US writes times; the creator in theirs.
    expect(textOf(mails[0]!)).toContain(`When: ${when}, 12:00 – 1:00 AM (Europe/Berlin)`);
    expect(textOf(mails[1]!)).toContain(`When: ${when}, 00:00–01:00 (Europe/Berlin)`);
    const uids = mails.map((mail) => /UID:(\S+)/.exec(textOf(mail!))?.[1]);
    expect(uids[0]).toMatch(/^booking-[0-9a-f-]+@linkbio$/);
    expect(uids[1]).toBe(uids[0]);
  });

  it('tells the visitor the time in their zone and locale and in the creator’s; the invite and headers never show the creator’s address', async () => {
    const creator = await scheduledCreator({ timeZone: 'Europe/London' });
    const visitor = `${unique('v')}@example.com`;
    const start = (await agent(app).get(`/api/users/${creator.details.username}/slots?from=${dateIn(3)}&days=1`).expect(200)).body.slots[14].start as string;
    const booked = await agent(app, uniqueIp())
      .post(`/api/users/${creator.details.username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: visitor, slotStart: start, timeZone: 'America/New_York', locale: 'de-DE' })
      .expect(201);
    await agent(app).post('/api/payments/local/confirm').send(card((booked.body as { clientSecret: string }).clientSecret)).expect(200);

    const receipt = smtp.mails.find((m) => m.to.includes(visitor) && m.raw.includes('Booking confirmed'));
    expect(receipt).toBeDefined();
    const inZone = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatRange(new Date(start), new Date(Date.parse(start) + 60 * 60_000));
    const day = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const;
    const clock = { hour: 'numeric', minute: '2-digit' } as const;
    // de-DE writes times on the 24-hour clock (English words, as the e-mail is English).
    expect(textOf(receipt!)).toContain(
      `When: ${inZone('America/New_York', { ...day, ...clock })} your time (America/New_York) — ${inZone('Europe/London', clock)} for ${creator.details.displayName} (Europe/London)`,
    );
    const text = textOf(receipt!);
    const ics = text.slice(text.indexOf('BEGIN:VCALENDAR')).replace(/\n /g, '');
    // The organizer is the product's sender (the From address), named as the creator.
    const from = /^From: .*<([^>]+)>/m.exec(receipt!.raw)?.[1];
    expect(from).toBeDefined();
    expect(ics).toContain(`ORGANIZER;CN="${creator.details.displayName}":mailto:${from}`);
    expect(ics).toContain(`CN="Sam Visitor":MAILTO:${visitor}`);
    expect(receipt!.raw.toLowerCase()).not.toContain(creator.details.email.toLowerCase());
  });

  it('refuses a time zone or locale it does not know with a 400 and stores nothing', async () => {
    const creator = await scheduledCreator();
    const start = slotAt(4, 9);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ timeZone: 'Mars/Olympus' }, SchedulingMessages.timeZone],
      [{ timeZone: 42 }, SchedulingMessages.timeZone],
      [{ locale: 'not a locale!' }, LocaleMessages.locale],
      [{ locale: 'x'.repeat(80) }, LocaleMessages.locale],
    ];
    for (const [extra, message] of cases) {
      const email = `${unique('v')}@example.com`;
      const answer = await agent(app, uniqueIp())
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Sam', customerEmail: email, slotStart: start, ...extra })
        .expect(400);
      expect(answer.body.message).toBe(message);
      expect((await db.query('select id from bookings where customer_email = $1', [email])).rows).toEqual([]);
    }
    expect(await slotsOf(creator.details.username, dateIn(4))).toContain(start);
  });

  it('refuses a missing, unoffered or malformed time, and a time for a creator who books without set times; stores nothing', async () => {
    const creator = await scheduledCreator({ minNoticeHours: 2, datesOff: [dateIn(3)] });
    const unscheduled = await unscheduledCreator();
    const cases: Array<[string, string | undefined, string]> = [
      [creator.details.username, undefined, SchedulingMessages.slotRequired],
      [creator.details.username, `${dateIn(2)}T10:30:00Z`, SchedulingMessages.slotNotOffered], // off the hour
      [creator.details.username, slotAt(3, 10), SchedulingMessages.slotNotOffered], // a date off
      [creator.details.username, slotAt(31, 10), SchedulingMessages.slotNotOffered], // past the horizon
      [creator.details.username, new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString(), SchedulingMessages.slotNotOffered], // inside the notice
      [creator.details.username, 'tomorrow at ten', SchedulingMessages.slotStart],
      [creator.details.username, `${dateIn(2)}T10:00:00`, SchedulingMessages.slotStart], // no offset
      [unscheduled.details.username, slotAt(2, 10), SchedulingMessages.noSetTimes],
    ];
    const count = async () => Number((await db.query<{ n: string }>('select (select count(*) from bookings) + (select count(*) from slot_holds) as n')).rows[0]!.n);
    const before = await count();
    for (const [username, slotStart, message] of cases) {
      const response = await book(username, slotStart).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
    }
    expect(await count()).toBe(before);
  });

  it('answers 409 for a time already held or paid, and for one overlapping it', async () => {
    const creator = await scheduledCreator();
    const held = await book(creator.details.username, slotAt(2, 10)).expect(201);
    const taken = await book(creator.details.username, slotAt(2, 10)).expect(409);
    expect(taken.body).toEqual({ statusCode: 409, message: 'This time was just taken. Please pick another.' });

    await agent(app).post('/api/payments/local/confirm').send(card((held.body as { clientSecret: string }).clientSecret)).expect(200);
    await book(creator.details.username, slotAt(2, 10)).expect(409);

    // 90-minute sessions now start 09:00, 10:30, 12:00…: the first two meet the paid 10:00–11:00 session.
    await creator.client
      .put('/api/users/availability')
      .send({ timeZone: 'UTC', sessionMinutes: 90, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 30, weekly: everyDay, datesOff: [], cancellationHours: 24 })
      .expect(200);
    expect(await slotsOf(creator.details.username, dateIn(2))).not.toContain(slotAt(2, 9));
    expect((await book(creator.details.username, slotAt(2, 9)).expect(409)).body).toMatchObject({ message: SchedulingMessages.slotTaken });
    const open = await slotsOf(creator.details.username, dateIn(2));
    expect(open).not.toContain(`${dateIn(2)}T10:30:00.000Z`);
    expect(open).toContain(slotAt(2, 12));
  });

  it('of 20 concurrent requests for one time, exactly one wins', async () => {
    const creator = await scheduledCreator();
    const responses = await Promise.all(Array.from({ length: 20 }, () => book(creator.details.username, slotAt(4, 15))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    const holds = await db.query("select status from slot_holds where creator_id = $1 and status in ('held', 'booked')", [creator.user.id]);
    expect(holds.rows).toHaveLength(1);
    expect((await db.query('select count(*)::int as n from bookings where creator_id = $1', [creator.user.id])).rows[0]).toEqual({ n: 1 });
  });

  it('PostgreSQL itself refuses two held or booked slots of one creator that overlap', async () => {
    const creator = await scheduledCreator();
    const insert = (id: string, from: string, to: string, status = 'held') =>
      db.query(
        `insert into slot_holds (id, creator_id, slot_start, slot_end, blocked_until, status, holder, expires_at, created_at)
         values ($1, $2, $3, $4, $4, $5, 'sql', now() + interval '10 minutes', now())`,
        [id, creator.user.id, from, to, status],
      );
    await insert(crypto.randomUUID(), slotAt(5, 10), slotAt(5, 11));
    await expect(insert(crypto.randomUUID(), `${dateIn(5)}T10:30:00Z`, `${dateIn(5)}T11:30:00Z`, 'booked')).rejects.toMatchObject({ code: '23P01' });
    await insert(crypto.randomUUID(), `${dateIn(5)}T10:30:00Z`, `${dateIn(5)}T11:30:00Z`, 'released');
    await insert(crypto.randomUUID(), slotAt(5, 11), slotAt(5, 12)); // touching is not overlapping
  });

  it('an unpaid hold that runs out frees the slot at once for the next visitor, and the sweep expires its booking', async () => {
    const creator = await scheduledCreator();
    const first = await book(creator.details.username, slotAt(2, 14)).expect(201);
    const firstBooking = await bookingOf((first.body as { clientSecret: string }).clientSecret);
    await expireHold(firstBooking.id);
    expect(await slotsOf(creator.details.username, dateIn(2))).toContain(slotAt(2, 14));

    const second = await book(creator.details.username, slotAt(2, 14)).expect(201);
    const secondBooking = await bookingOf((second.body as { clientSecret: string }).clientSecret);
    expect(await holdOf(firstBooking.id)).toBe('released');
    expect(await holdOf(secondBooking.id)).toBe('held');

    const third = await book(creator.details.username, slotAt(2, 16)).expect(201);
    const thirdBooking = await bookingOf((third.body as { clientSecret: string }).clientSecret);
    await expireHold(thirdBooking.id);
    expect(await sweep()).toMatchObject({ expired: 2 });
    expect((await bookingOf((first.body as { clientSecret: string }).clientSecret)).status).toBe('expired');
    expect((await bookingOf((third.body as { clientSecret: string }).clientSecret)).status).toBe('expired');
    expect(await holdOf(thirdBooking.id)).toBe('released');
    expect((await bookingOf((second.body as { clientSecret: string }).clientSecret)).status).toBe('pending_payment');
    expect(await sweep()).toMatchObject({ expired: 0 });
  });

  it('a payment after the hold ran out books the slot when still free, and is due back when the time was taken', async () => {
    const creator = await scheduledCreator();
    const late = await book(creator.details.username, slotAt(2, 9)).expect(201);
    const lateSecret = (late.body as { clientSecret: string }).clientSecret;
    const lateBooking = await bookingOf(lateSecret);
    await expireHold(lateBooking.id);
    await sweep();
    await agent(app).post('/api/payments/local/confirm').send(card(lateSecret)).expect(200);
    expect((await bookingOf(lateSecret)).status).toBe('paid');
    expect(await holdOf(lateBooking.id)).toBe('booked');
    expect(await ledgerOf(lateBooking.id)).toEqual([{ amount: 4000 }]);

    const lost = await book(creator.details.username, slotAt(2, 12)).expect(201);
    const lostSecret = (lost.body as { clientSecret: string }).clientSecret;
    const lostBooking = await bookingOf(lostSecret);
    await expireHold(lostBooking.id);
    const winner = await book(creator.details.username, slotAt(2, 12)).expect(201);
    await agent(app).post('/api/payments/local/confirm').send(card(lostSecret)).expect(200);
    expect((await bookingOf(lostSecret)).status).toBe('refund_due');
    expect(await ledgerOf(lostBooking.id)).toEqual([]);
    expect((await db.query('select count(*)::int as n from email_outbox where dedupe_key like $1', [`booking:${lostBooking.id}:%`])).rows[0]).toEqual({ n: 0 });
    expect(await holdOf(lostBooking.id)).toBe('released');
    expect(await holdOf((await bookingOf((winner.body as { clientSecret: string }).clientSecret)).id)).toBe('held');
    // The server-side check tells the visitor at once: the time was taken, the payment goes back in full.
    const check = await agent(app).post('/api/bookings/confirm').send({ clientSecret: lostSecret }).expect(200);
    expect(check.body).toEqual({
      status: 'refund_due',
      returnUrl: `/${creator.details.username}?booked=refunding`,
      message: 'Someone else booked this time while you were paying. Your payment is being refunded in full, and you will get an email when it is done.',
    });
    const intentId = lostSecret.split('_secret_')[0]!;
    const back = await agent(app).get(`/booking-success?payment_intent=${intentId}&payment_intent_client_secret=${lostSecret}`).expect(302);
    expect(back.headers.location).toBe(`/${creator.details.username}?booked=refunding`);
    const bio = await agent(app).get(back.headers.location!).expect(200);
    expect(bio.text).toContain('<p class="banner-title">This time was just taken</p>');
    expect(bio.text).not.toContain('Booking Confirmed!');
    // The one that was paid in time is confirmed as before.
    const confirmed = await agent(app).post('/api/bookings/confirm').send({ clientSecret: lateSecret }).expect(200);
    expect(confirmed.body).toEqual({ status: 'paid', returnUrl: `/${creator.details.username}?booked=true` });

    const list = (await creator.client.get('/api/bookings').expect(200)).body as BookingsPage;
    expect(list.bookings.map((b) => [b.id, b.status])).toEqual([
      [lostBooking.id, 'refund_due'],
      [lateBooking.id, 'paid'],
    ]);
    expect(list.unpaidAttempts).toBe(1); // the winner, still waiting for its payment
  });

  it('a visitor who picks another time replaces their earlier request: its time is free again, holds do not pile up', async () => {
    const creator = await scheduledCreator();
    const ip = uniqueIp();
    const request = (slotStart: string, replacesClientSecret?: string) =>
      agent(app, ip)
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', slotStart, ...(replacesClientSecret ? { replacesClientSecret } : {}) });
    let secret = ((await request(slotAt(4, 9)).expect(201)).body as { clientSecret: string }).clientSecret;
    const first = await bookingOf(secret);
    for (const hour of [10, 11, 12, 13]) {
      secret = ((await request(slotAt(4, hour), secret).expect(201)).body as { clientSecret: string }).clientSecret;
    }
    expect(await slotsOf(creator.details.username, dateIn(4))).toEqual(expect.arrayContaining([slotAt(4, 9), slotAt(4, 10), slotAt(4, 11), slotAt(4, 12)]));
    expect(await slotsOf(creator.details.username, dateIn(4))).not.toContain(slotAt(4, 13));
    expect((await db.query('select status from bookings where id = $1', [first.id])).rows).toEqual([{ status: 'failed' }]);
    expect(await holdOf(first.id)).toBe('released');

    // A made-up secret of a real request, or another creator's request, replaces nothing.
    const pending = ((await book(creator.details.username, slotAt(5, 9)).expect(201)).body as { clientSecret: string }).clientSecret;
    await request(slotAt(5, 10), `${pending.split('_secret_')[0]}_secret_madeup`).expect(201);
    const elsewhere = ((await book((await scheduledCreator()).details.username, slotAt(5, 9)).expect(201)).body as { clientSecret: string }).clientSecret;
    await request(slotAt(5, 11), elsewhere).expect(201);
    expect((await bookingOf(pending)).status).toBe('pending_payment');
    expect((await bookingOf(elsewhere)).status).toBe('pending_payment');
  });

  it('lets one visitor hold at most 3 times at once', async () => {
    const creator = await scheduledCreator();
    const ip = uniqueIp();
    const held = [];
    for (const hour of [8, 9, 10]) held.push(await book(creator.details.username, slotAt(6, hour), { ip }).expect(201));
    const refused = await book(creator.details.username, slotAt(6, 11), { ip }).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: SchedulingMessages.tooManyHolds });
    await book(creator.details.username, slotAt(6, 11)).expect(201); // another visitor
    await expireHold((await bookingOf((held[0]!.body as { clientSecret: string }).clientSecret)).id);
    await book(creator.details.username, slotAt(6, 12), { ip }).expect(201);
  });

  it('limits booking requests per client address and per customer e-mail', async () => {
    const creator = await unscheduledCreator();
    const ip = uniqueIp();
    for (let i = 0; i < BOOKINGS_PER_IP_PER_HOUR; i += 1) await book(creator.details.username, undefined, { ip }).expect(201);
    const refused = await book(creator.details.username, undefined, { ip }).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many booking requests\. Please try again in \d+ minutes?\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await book(creator.details.username).expect(201); // another address

    const email = `${unique('same')}@example.com`;
    for (let i = 0; i < BOOKINGS_PER_EMAIL_PER_HOUR; i += 1) await book(creator.details.username, undefined, { email }).expect(201);
    await book(creator.details.username, undefined, { email: email.toUpperCase() }).expect(429);
    await book(creator.details.username).expect(201);
  });

  it('lists the creator’s paid bookings a page at a time, newest first, and only counts the unpaid attempts', async () => {
    const creator = await unscheduledCreator();
    const paidIds: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const booked = await book(creator.details.username, undefined, { name: `Paid ${i}` }).expect(201);
      const secret = (booked.body as { clientSecret: string }).clientSecret;
      await agent(app).post('/api/payments/local/confirm').send(card(secret)).expect(200);
      paidIds.unshift((await bookingOf(secret)).id);
    }
    await book(creator.details.username, undefined, { name: 'Waiting' }).expect(201);
    const declined = await book(creator.details.username, undefined, { name: 'Declined' }).expect(201);
    await agent(app).post('/api/payments/local/confirm').send(card((declined.body as { clientSecret: string }).clientSecret, '4000000000000002')).expect(402);

    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: BookingsPage = (await creator.client.get(`/api/bookings?limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body;
      expect(page.unpaidAttempts).toBe(2);
      sizes.push(page.bookings.length);
      seen.push(...page.bookings.map((b) => b.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(paidIds);

    const all = (await creator.client.get('/api/bookings').expect(200)).body as BookingsPage;
    expect(all).toMatchObject({ nextCursor: null, unpaidAttempts: 2 });
    expect(all.bookings.map((b) => b.customerName)).toEqual(['Paid 4', 'Paid 3', 'Paid 2', 'Paid 1', 'Paid 0']);
    expect(all.bookings.every((b) => b.slotStart === null && b.slotEnd === null)).toBe(true);
  });

  it.each([
    ['a cursor that is not one', 'cursor=bm90LWEtY3Vyc29y', SchedulingMessages.cursor],
    ['a cursor with other characters', 'cursor=a%2Fb', SchedulingMessages.cursor],
    ['a limit of 0', 'limit=0', SchedulingMessages.limit],
    ['a limit of 101', 'limit=101', SchedulingMessages.limit],
    ['a limit in words', 'limit=ten', SchedulingMessages.limit],
  ])('refuses %s with 400 and its message', async (_, query, message) => {
    const creator = await unscheduledCreator();
    const response = await creator.client.get(`/api/bookings?${query}`).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, message });
  });

  it('keeps refusing bookings for a creator not taking them, with or without a time', async () => {
    const creator = await signedInCreator(app);
    const response = await book(creator.details.username, slotAt(2, 10)).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: PaymentMessages.bookingUnavailable });
  });
});
