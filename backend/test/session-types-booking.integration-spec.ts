import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  bookingAmounts,
  PaymentMessages,
  SchedulingMessages,
  SessionBookingMessages,
  type AccountExport,
  type BookingsPage,
  type IntakeQuestion,
  type ManagedBookingView,
  type SessionLocation,
  type SlotsView,
} from '@linkbio/shared-contracts';
import { agent, signedInCreator, unique, uniqueIp, type Database } from './support/harness.js';
import { card, dateIn } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * Booking one of a creator's session types over HTTP (local payment provider, real PostgreSQL, Redis and SMTP):
 * each type's sessions have its length and cost its price; a visitor of a creator with several types chooses
 * one; where the session meets is resolved when booked (a fresh room per booking, the visitor's checked number)
 * and told in both e-mails, the invite and the manage page, never on a public page; the visitor's answers are
 * checked, kept as asked and shown to the creator (their e-mail, Bookings, the export); a move keeps the length;
 * a creator without types books as before.
 */

const PUBLIC_URL = 'http://localhost:3000';
const TOKEN = /\/booking\/([A-Za-z0-9_-]{43})/;
const ROOM = /https:\/\/meet\.jit\.si\/Linkbio-[A-Za-z0-9_-]{22}/;
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
const ADDRESS = '12 Hidden Garden Road, Springfield';
const OWN_ROOM = 'https://zoom.example/j/555123';

const GOAL: IntakeQuestion = { id: 'q-goal', label: 'What would you like to work on?', kind: 'short_text', required: true };
const LEVEL: IntakeQuestion = { id: 'q-level', label: 'Your level', kind: 'choice', required: true, choices: ['Beginner', 'Advanced'] };
const NOTES: IntakeQuestion = { id: 'q-notes', label: 'Anything else?', kind: 'long_text', required: false };

interface TypeRow {
  name: string;
  minutes: number;
  priceCents: number;
  location: SessionLocation | null;
  questions?: IntakeQuestion[];
  enabled?: boolean;
}

describe('booking a session type over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, smtp, close } = await appWithMailbox('session_types_booking', PUBLIC_URL));
  });

  afterAll(() => close?.());

  /** A creator taking bookings every hour of every day (UTC), no notice, with the session types `types`, in order. */
  async function creatorWith(types: TypeRow[], bufferMinutes = 0) {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    await creator.client
      .put('/api/users/availability')
      .send({ timeZone: 'UTC', sessionMinutes: 60, bufferMinutes, minNoticeHours: 0, horizonDays: 30, weekly: everyDay, datesOff: [], cancellationHours: 24 })
      .expect(200);
    const ids: string[] = [];
    for (const [position, type] of types.entries()) {
      const id = randomUUID();
      await db.query(
        `insert into session_types (id, creator_id, name, minutes, price_cents, description, location, questions, position, enabled, created_at, updated_at)
         values ($1, $2, $3, $4, $5, '', $6::jsonb, $7::jsonb, $8, $9, now(), now())`,
        [id, creator.user.id, type.name, type.minutes, type.priceCents, type.location === null ? null : JSON.stringify(type.location),
          JSON.stringify(type.questions ?? []), position, type.enabled ?? true],
      );
      ids.push(id);
    }
    return { ...creator, username: creator.details.username, ids };
  }

  const slots = async (username: string, type?: string, days = 2) =>
    (await agent(app).get(`/api/users/${username}/slots?from=${dateIn(days)}&days=1${type ? `&type=${type}` : ''}`).expect(200)).body as SlotsView;

  const request = (username: string, body: Record<string, unknown>) =>
    agent(app, uniqueIp())
      .post(`/api/users/${username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: `${unique('v')}@example.com`, ...body });

  /** Books and pays; the booking's row. */
  async function paid(username: string, body: Record<string, unknown>) {
    const email = (body.customerEmail as string | undefined) ?? `${unique('v')}@example.com`;
    const booked = await request(username, { ...body, customerEmail: email }).expect(201);
    const clientSecret = (booked.body as { clientSecret: string }).clientSecret;
    await agent(app).post('/api/payments/local/confirm').send(card(clientSecret)).expect(200);
    const row = await db.query<{ id: string; amount: number; user_amount: number; slot_start: Date; slot_end: Date; session_type_id: string | null; session_name: string | null; location: unknown; answers: unknown }>(
      'select id, amount, user_amount, slot_start, slot_end, session_type_id, session_name, location, answers from bookings where payment_intent_id = $1',
      [clientSecret.split('_secret_')[0]],
    );
    return { ...row.rows[0]!, email, response: booked.body as { amount: number; userAmount: number } };
  }

  const bookingsCount = async (creatorId: string) =>
    Number((await db.query<{ n: string }>('select count(*) as n from bookings where creator_id = $1', [creatorId])).rows[0]!.n);
  const mailsTo = (email: string, subject: string): Mail[] => smtp.mails.filter((m) => m.to.includes(email) && textOf(m).includes(subject));
  const minutesOf = (slot: { start: string; end: string }) => (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000;
  /** Whether a 90-minute session with a 15-minute buffer starts at `start` (every 105 minutes from 00:00 UTC). */
  const startsDeepSession = (start: string) => ((Date.parse(start) % 86_400_000) / 60_000) % 105 === 0;

  it('gives each type’s sessions its own length, the first type’s when none is asked for', async () => {
    const creator = await creatorWith([
      { name: 'Quick question', minutes: 30, priceCents: 2500, location: null },
      { name: 'Deep dive', minutes: 90, priceCents: 8000, location: null },
    ]);
    const [quick, deep] = creator.ids;
    const short = await slots(creator.username, quick);
    expect(short.sessionMinutes).toBe(30);
    expect(short.slots).toHaveLength(48);
    expect(short.slots.every((slot) => minutesOf(slot) === 30)).toBe(true);
    const long = await slots(creator.username, deep);
    expect(long.sessionMinutes).toBe(90);
    expect(long.slots).toHaveLength(16);
    expect(long.slots.every((slot) => minutesOf(slot) === 90)).toBe(true);
    expect((await slots(creator.username)).sessionMinutes).toBe(30);

    const unknown = await agent(app).get(`/api/users/${creator.username}/slots?type=${randomUUID()}`).expect(404);
    expect(unknown.body.message).toBe(SessionBookingMessages.sessionTypeNotFound);
    const malformed = await agent(app).get(`/api/users/${creator.username}/slots?type=deep-dive`).expect(400);
    expect(malformed.body.message).toBe(SchedulingMessages.type);
  });

  it('charges each type’s price and holds its length, blocking the buffer after it', async () => {
    const creator = await creatorWith(
      [
        { name: 'Quick question', minutes: 30, priceCents: 2500, location: null },
        { name: 'Deep dive', minutes: 90, priceCents: 8000, location: null },
      ],
      15,
    );
    const [quick, deep] = creator.ids;
    const quickStart = (await slots(creator.username, quick, 3)).slots[4]!;
    const quickBooking = await paid(creator.username, { sessionTypeId: quick, slotStart: quickStart.start });
    expect(quickBooking.response).toMatchObject({ amount: bookingAmounts(2500).amount, userAmount: 2500 });
    expect(quickBooking).toMatchObject({ amount: bookingAmounts(2500).amount, user_amount: 2500, session_type_id: quick, session_name: 'Quick question' });
    expect(quickBooking.slot_end.getTime() - quickBooking.slot_start.getTime()).toBe(30 * 60_000);
    const hold = await db.query<{ blocked_until: Date }>('select blocked_until from slot_holds where id = $1', [quickBooking.id]);
    expect(hold.rows[0]!.blocked_until.getTime()).toBe(Date.parse(quickStart.start) + 45 * 60_000);

    const deepStart = (await slots(creator.username, deep, 4)).slots[2]!;
    const deepBooking = await paid(creator.username, { sessionTypeId: deep, slotStart: deepStart.start });
    expect(deepBooking).toMatchObject({ amount: bookingAmounts(8000).amount, user_amount: 8000, session_type_id: deep });
    expect(deepBooking.slot_end.getTime() - deepBooking.slot_start.getTime()).toBe(90 * 60_000);
    // The ledger credits the type's price, and a time offered only to 30-minute sessions is no 90-minute one.
    const ledger = await db.query<{ amount: number }>('select amount from ledger_entries where booking_id = $1', [deepBooking.id]);
    expect(ledger.rows).toEqual([{ amount: 8000 }]);
    // A coupon discounts the type's price.
    await creator.client.post('/api/coupons').send({ code: 'HALF', percentOff: 50, appliesTo: 'sessions' }).expect(201);
    // Checked before paying, the code is priced for the type named (several types: one must be named).
    const check = (body: Record<string, unknown>) => agent(app).post(`/api/users/${creator.username}/coupons/check`).send({ code: 'HALF', target: 'session', ...body });
    expect((await check({ sessionTypeId: deep }).expect(200)).body).toMatchObject({ priceBeforeCents: 8000, priceAfterCents: 4000 });
    expect((await check({ sessionTypeId: quick }).expect(200)).body).toMatchObject({ priceBeforeCents: 2500, priceAfterCents: 1250 });
    expect((await check({}).expect(400)).body.message).toBe(SessionBookingMessages.chooseSessionType);
    const discounted = await paid(creator.username, { sessionTypeId: deep, slotStart: (await slots(creator.username, deep, 6)).slots[0]!.start, couponCode: 'HALF' });
    expect(discounted).toMatchObject({ amount: bookingAmounts(4000).amount, user_amount: 4000 });
    const offQuarter = (await slots(creator.username, quick, 5)).slots.find((slot) => !startsDeepSession(slot.start))!;
    const refused = await request(creator.username, { sessionTypeId: deep, slotStart: offQuarter.start }).expect(400);
    expect(refused.body.message).toBe(SchedulingMessages.slotNotOffered);
  });

  it('asks a visitor of a creator with several types to choose; refuses a type not offered; changes nothing', async () => {
    const creator = await creatorWith([
      { name: 'Quick question', minutes: 30, priceCents: 2500, location: null },
      { name: 'Deep dive', minutes: 90, priceCents: 8000, location: null },
      { name: 'Retired', minutes: 60, priceCents: 3000, location: null, enabled: false },
    ]);
    const start = (await slots(creator.username, creator.ids[0])).slots[0]!.start;
    const choose = await request(creator.username, { slotStart: start }).expect(400);
    expect(choose.body.message).toBe(SessionBookingMessages.chooseSessionType);
    const off = await request(creator.username, { sessionTypeId: creator.ids[2], slotStart: start }).expect(404);
    expect(off.body.message).toBe(SessionBookingMessages.sessionTypeNotFound);
    await request(creator.username, { sessionTypeId: randomUUID(), slotStart: start }).expect(404);
    const malformed = await request(creator.username, { sessionTypeId: 'deep-dive', slotStart: start }).expect(400);
    expect(malformed.body.message).toBe(SessionBookingMessages.sessionTypeId);
    await agent(app).get(`/api/users/${creator.username}/slots?type=${creator.ids[2]}`).expect(404);
    expect(await bookingsCount(creator.user.id)).toBe(0);

    // The only type needs no choosing.
    const single = await creatorWith([{ name: 'Only one', minutes: 45, priceCents: 3300, location: null }]);
    const only = await paid(single.username, { slotStart: (await slots(single.username)).slots[0]!.start });
    expect(only).toMatchObject({ session_type_id: single.ids[0], user_amount: 3300 });
  });

  it('makes a fresh room for each booking of a generated video call, told in both e-mails and the invite, never on a public page', async () => {
    const creator = await creatorWith([
      { name: 'Video chat', minutes: 30, priceCents: 2500, location: { kind: 'video_generated' } },
      { name: 'Studio visit', minutes: 60, priceCents: 6000, location: { kind: 'in_person', address: ADDRESS } },
      { name: 'Zoom', minutes: 60, priceCents: 4000, location: { kind: 'video', url: OWN_ROOM } },
    ]);
    const [video] = creator.ids;
    const starts = (await slots(creator.username, video)).slots.map((slot) => slot.start);
    const first = await paid(creator.username, { sessionTypeId: video, slotStart: starts[0] });
    const second = await paid(creator.username, { sessionTypeId: video, slotStart: starts[3] });
    const rooms = [first, second].map((booking) => (booking.location as { kind: string; url: string }).url);
    for (const room of rooms) expect(room).toMatch(new RegExp(`^${ROOM.source}$`));
    expect(rooms[0]).not.toBe(rooms[1]);
    expect(first.location).toEqual({ kind: 'video', url: rooms[0] });

    const receipt = textOf(mailsTo(first.email, 'Booking confirmed')[0]!);
    const notice = textOf(mailsTo(creator.details.email, 'New booking from').find((mail) => textOf(mail).includes(first.id))!);
    for (const text of [receipt, notice]) {
      expect(text).toContain('Session: Video chat');
      expect(text).toContain(`Where: Video call: ${rooms[0]}`);
      expect(text).toContain(`LOCATION:${rooms[0]}`);
      expect(text).toContain('SUMMARY:Video chat with');
    }

    // Before payment the pages name where a type meets by kind only.
    const pages = [
      (await agent(app).get(`/${creator.username}`).expect(200)).text,
      (await agent(app).get(`/book/${creator.username}`).expect(200)).text,
      ...(await Promise.all(creator.ids.map(async (id) => (await agent(app).get(`/book/${creator.username}?type=${id}`).expect(200)).text))),
      ...(await Promise.all(creator.ids.map(async (id) => JSON.stringify((await slots(creator.username, id)).slots)))),
    ];
    for (const page of pages) {
      expect(page).not.toMatch(ROOM);
      for (const room of rooms) expect(page).not.toContain(room.slice(room.lastIndexOf('/') + 1));
      expect(page).not.toContain('Hidden Garden');
      expect(page).not.toContain('zoom.example');
    }
  });

  it('asks a phone call’s visitor for a number that is one, and tells the creator to call it', async () => {
    const creator = await creatorWith([{ name: 'Phone call', minutes: 30, priceCents: 2000, location: { kind: 'phone' } }]);
    const start = (await slots(creator.username)).slots[0]!.start;
    const missing = await request(creator.username, { slotStart: start }).expect(400);
    expect(missing.body.message).toBe(SessionBookingMessages.phoneRequired);
    for (const phone of ['12345', 'call me', '+1 555 CALL NOW', '555-123-4567 ext 9']) {
      const refused = await request(creator.username, { slotStart: start, customerPhone: phone }).expect(400);
      expect(refused.body.message).toBe(SessionBookingMessages.phoneInvalid);
    }
    expect(await bookingsCount(creator.user.id)).toBe(0);

    const booking = await paid(creator.username, { slotStart: start, customerPhone: ' +1 (555) 010-2030 ' });
    expect(booking.location).toEqual({ kind: 'phone', phone: '+1 (555) 010-2030' });
    const notice = textOf(mailsTo(creator.details.email, 'New booking from')[0]!);
    expect(notice).toContain('Where: Phone call: +1 (555) 010-2030');
    expect(notice).toContain('LOCATION:Phone: +1 (555) 010-2030');
  });

  it('checks the answers on the server: each refusal a 400 naming the question, nothing stored', async () => {
    const creator = await creatorWith([{ name: 'Coaching', minutes: 60, priceCents: 5000, location: null, questions: [GOAL, LEVEL, NOTES] }]);
    const start = (await slots(creator.username)).slots[0]!.start;
    const goal = { questionId: GOAL.id, answer: 'My talk' };
    const level = { questionId: LEVEL.id, answer: 'Beginner' };
    const cases: Array<[unknown, string]> = [
      [[level], SessionBookingMessages.answerRequired(GOAL.label)],
      [[{ questionId: GOAL.id, answer: '   ' }, level], SessionBookingMessages.answerRequired(GOAL.label)],
      [[goal, { questionId: LEVEL.id, answer: 'Wizard' }], SessionBookingMessages.notAChoice(LEVEL.label)],
      [[goal, level, { questionId: 'q-unknown', answer: 'x' }], SessionBookingMessages.unknownQuestion],
      [[goal, goal, level], SessionBookingMessages.repeatedAnswer(GOAL.label)],
      [[{ questionId: GOAL.id, answer: 'x'.repeat(201) }, level], SessionBookingMessages.answerTooLong(GOAL.label, 200)],
      [[goal, level, { questionId: NOTES.id, answer: 'y'.repeat(2001) }], SessionBookingMessages.answerTooLong(NOTES.label, 2000)],
      [[{ questionId: GOAL.id, answer: 'one line\nand another' }, level], SessionBookingMessages.answerOneLine(GOAL.label)],
      ['My talk', SessionBookingMessages.answers],
      [[{ questionId: GOAL.id, answer: 42 }], SessionBookingMessages.answers],
      [[{ questionId: GOAL.id, answer: 'x', extra: 'y' }], SessionBookingMessages.answers],
    ];
    for (const [answers, message] of cases) {
      const refused = await request(creator.username, { slotStart: start, answers }).expect(400);
      expect(refused.body.message).toBe(message);
    }
    expect(await bookingsCount(creator.user.id)).toBe(0);
  });

  it('keeps the answers as asked and shows them in the creator’s e-mail, Bookings and export; the manage page says where to meet', async () => {
    const creator = await creatorWith([
      { name: 'Studio visit', minutes: 45, priceCents: 6000, location: { kind: 'in_person', address: ADDRESS }, questions: [GOAL, LEVEL, NOTES] },
    ]);
    const start = (await slots(creator.username)).slots[0]!.start;
    const booking = await paid(creator.username, {
      slotStart: start,
      answers: [
        { questionId: LEVEL.id, answer: 'Advanced' },
        { questionId: GOAL.id, answer: '  Stage fright  ' },
        { questionId: NOTES.id, answer: '' },
      ],
    });
    const answers = [
      { question: GOAL.label, answer: 'Stage fright' },
      { question: LEVEL.label, answer: 'Advanced' },
    ];
    expect(booking.answers).toEqual(answers);

    const list = (await creator.client.get('/api/bookings').expect(200)).body as BookingsPage;
    expect(list.bookings).toEqual([
      expect.objectContaining({ id: booking.id, sessionName: 'Studio visit', location: { kind: 'in_person', address: ADDRESS }, answers }),
    ]);
    const exported = (await creator.client.get('/api/users/me/export').expect(200)).body as AccountExport;
    expect(exported.bookings).toEqual([
      expect.objectContaining({ id: booking.id, sessionName: 'Studio visit', location: { kind: 'in_person', address: ADDRESS }, answers }),
    ]);

    const notice = textOf(mailsTo(creator.details.email, 'New booking from')[0]!);
    expect(notice).toContain(`Their answers:\n\n${GOAL.label}\nStage fright\n\n${LEVEL.label}\nAdvanced`);
    expect(notice).toContain(`Where: In person: ${ADDRESS}`);
    const receipt = textOf(mailsTo(booking.email, 'Booking confirmed')[0]!);
    expect(receipt).toContain(`Where: In person: ${ADDRESS}`);
    expect(receipt).not.toContain('Stage fright');
    expect(receipt).toContain(`LOCATION:${ADDRESS.replace(/,/g, '\\,')}`);

    const token = TOKEN.exec(receipt)![1]!;
    const view = (await agent(app).get(`/api/booking-manage/${token}`).expect(200)).body as ManagedBookingView;
    expect(view).toMatchObject({ sessionName: 'Studio visit', location: { kind: 'in_person', address: ADDRESS } });
  });

  it('moves a session keeping its booked length, and the move’s e-mails and invite keep where to meet', async () => {
    const creator = await creatorWith([{ name: 'Video chat', minutes: 30, priceCents: 2500, location: { kind: 'video_generated' } }]);
    const offered = (await slots(creator.username, undefined, 3)).slots;
    const booking = await paid(creator.username, { slotStart: offered[2]!.start });
    const room = (booking.location as { url: string }).url;
    const token = TOKEN.exec(textOf(mailsTo(booking.email, 'Booking confirmed')[0]!))![1]!;
    // The creator's sessions grow longer meanwhile: the booked one keeps its 30 minutes.
    await db.query('update session_types set minutes = 120 where id = $1', [creator.ids[0]]);
    const target = new Date(Date.parse(offered[2]!.start) + 24 * 60 * 60_000 + 30 * 60_000).toISOString();
    const moved = (await agent(app).post(`/api/booking-manage/${token}/reschedule`).send({ slotStart: target }).expect(200)).body as ManagedBookingView;
    expect(moved.slotStart).toBe(target);
    expect(Date.parse(moved.slotEnd) - Date.parse(moved.slotStart)).toBe(30 * 60_000);
    expect(moved.location).toEqual({ kind: 'video', url: room });
    const hold = await db.query<{ slot_start: Date; blocked_until: Date }>('select slot_start, blocked_until from slot_holds where id = $1', [booking.id]);
    expect(hold.rows[0]!.blocked_until.getTime() - hold.rows[0]!.slot_start.getTime()).toBe(30 * 60_000);

    for (const mail of [...mailsTo(booking.email, 'is moved'), ...mailsTo(creator.details.email, 'moved their session')]) {
      expect(textOf(mail)).toContain(`Where: Video call: ${room}`);
      expect(textOf(mail)).toContain(`LOCATION:${room}`);
    }
    expect(mailsTo(booking.email, 'is moved')).toHaveLength(1);
  });

  it('a creator who never added a type books as before: their price and length, nothing named', async () => {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    await creator.client
      .put('/api/users/availability')
      .send({ timeZone: 'UTC', sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 30, weekly: everyDay, datesOff: [], cancellationHours: 24 })
      .expect(200);
    const week = await slots(creator.details.username);
    expect(week.sessionMinutes).toBe(60);
    const booking = await paid(creator.details.username, { slotStart: week.slots[1]!.start });
    expect(booking).toMatchObject({ amount: 4800, user_amount: 4000, session_type_id: null, session_name: null, location: null, answers: [] });
    const receipt = textOf(mailsTo(booking.email, 'Booking confirmed')[0]!);
    expect(receipt).not.toMatch(/Session:|Where:|LOCATION/);
    expect(receipt).toContain('SUMMARY:Session with');
    const list = (await creator.client.get('/api/bookings').expect(200)).body as BookingsPage;
    expect(list.bookings[0]).toMatchObject({ sessionName: null, location: null, answers: [] });
    const answered = await request(creator.details.username, { slotStart: week.slots[2]!.start, answers: [{ questionId: 'q', answer: 'x' }] }).expect(400);
    expect(answered.body.message).toBe(SessionBookingMessages.unknownQuestion);
    // Booking off: no type is offered, as before.
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: false, bookingPrice: '40' }).expect(200);
    expect((await request(creator.details.username, { slotStart: week.slots[3]!.start }).expect(400)).body.message).toBe(PaymentMessages.bookingUnavailable);
  });
});
