import type { INestApplication } from '@nestjs/common';
import { Messages, PaymentMessages, SchedulingMessages, type AvailabilityView, type SlotsView } from '@linkbio/shared-contracts';
import { agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * Availability (PUT/GET /api/users/availability) and the open slots visitors see (GET /api/users/{username}/slots),
 * over HTTP on real PostgreSQL and Redis.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date `days` from today (UTC), YYYY-MM-DD. */
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const valid = {
  timeZone: 'Europe/Berlin',
  sessionMinutes: 45,
  bufferMinutes: 15,
  minNoticeHours: 12,
  horizonDays: 60,
  weekly: [
    { day: 1, start: '09:00', end: '12:00' },
    { day: 1, start: '14:00', end: '17:00' },
    { day: 3, start: '10:00', end: '24:00' },
  ],
  datesOff: ['2027-12-25', '2027-01-01'],
  cancellationHours: 24,
};

describe('availability and slots over HTTP', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
  });

  describe('PUT/GET /api/users/availability', () => {
    it('starts with no weekly hours (bookings without set times) and saves the whole availability', async () => {
      const creator = await signedInCreator(app);
      const defaults = await creator.client.get('/api/users/availability').expect(200);
      expect(defaults.body).toEqual({
        timeZone: 'UTC', sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 24, horizonDays: 60, weekly: [], datesOff: [], cancellationHours: 24,
      });

      const saved = await creator.client.put('/api/users/availability').send({ ...valid, timeZone: 'europe/berlin', datesOff: [...valid.datesOff, '2027-01-01'] }).expect(200);
      const expected: AvailabilityView = { ...valid, datesOff: ['2027-01-01', '2027-12-25'] };
      expect(saved.body).toEqual(expected);
      expect((await creator.client.get('/api/users/availability').expect(200)).body).toEqual(expected);

      await creator.client.put('/api/users/availability').send({ ...valid, weekly: [], datesOff: [], cancellationHours: 0 }).expect(200);
      expect((await creator.client.get('/api/users/availability').expect(200)).body).toMatchObject({ weekly: [], datesOff: [], cancellationHours: 0 });
    });

    it('is the signed-in creator’s only', async () => {
      await agent(app).get('/api/users/availability').expect(401);
      await agent(app).put('/api/users/availability').send(valid).expect(401);
    });

    const range = (over: Record<string, unknown>) => ({ ...valid, weekly: [{ day: 2, start: '09:00', end: '12:00', ...over }] });
    it.each([
      ['an unknown time zone', { ...valid, timeZone: 'Mars/Olympus_Mons' }, SchedulingMessages.timeZone],
      ['a time zone that is no text', { ...valid, timeZone: 1 }, SchedulingMessages.timeZone],
      ['no time zone', { ...valid, timeZone: undefined }, SchedulingMessages.timeZone],
      ['a 14-minute session', { ...valid, sessionMinutes: 14 }, SchedulingMessages.sessionMinutes],
      ['a 241-minute session', { ...valid, sessionMinutes: 241 }, SchedulingMessages.sessionMinutes],
      ['a session of 30.5 minutes', { ...valid, sessionMinutes: 30.5 }, SchedulingMessages.sessionMinutes],
      ['a session length as text', { ...valid, sessionMinutes: '60' }, SchedulingMessages.sessionMinutes],
      ['a negative buffer', { ...valid, bufferMinutes: -1 }, SchedulingMessages.bufferMinutes],
      ['a 121-minute buffer', { ...valid, bufferMinutes: 121 }, SchedulingMessages.bufferMinutes],
      ['169 hours of notice', { ...valid, minNoticeHours: 169 }, SchedulingMessages.minNoticeHours],
      ['a horizon of 0 days', { ...valid, horizonDays: 0 }, SchedulingMessages.horizonDays],
      ['a horizon of 366 days', { ...valid, horizonDays: 366 }, SchedulingMessages.horizonDays],
      ['a cancellation window of 169 hours', { ...valid, cancellationHours: 169 }, SchedulingMessages.cancellationHours],
      ['a negative cancellation window', { ...valid, cancellationHours: -1 }, SchedulingMessages.cancellationHours],
      ['weekly hours that are no list', { ...valid, weekly: { day: 1 } }, SchedulingMessages.weekly],
      ['a range that is no object', { ...valid, weekly: ['09:00-12:00'] }, SchedulingMessages.weekly],
      ['a range with another field', range({ note: 'x' }), SchedulingMessages.weekly],
      ['71 ranges', { ...valid, weekly: Array.from({ length: 71 }, (_, i) => ({ day: (i % 7) + 1, start: `${String(Math.floor(i / 7)).padStart(2, '0')}:00`, end: `${String(Math.floor(i / 7)).padStart(2, '0')}:30` })) }, SchedulingMessages.weekly],
      ['day 0', range({ day: 0 }), SchedulingMessages.day],
      ['day 8', range({ day: 8 }), SchedulingMessages.day],
      ['day as text', range({ day: '1' }), SchedulingMessages.day],
      ['a start of 9:00', range({ start: '9:00' }), SchedulingMessages.time],
      ['an end of 24:30', range({ end: '24:30' }), SchedulingMessages.time],
      ['an end of 12:60', range({ end: '12:60' }), SchedulingMessages.time],
      ['an end before the start', range({ start: '12:00', end: '09:00' }), SchedulingMessages.endAfterStart],
      ['an end equal to the start', range({ start: '12:00', end: '12:00' }), SchedulingMessages.endAfterStart],
      [
        'overlapping ranges on one day',
        { ...valid, weekly: [{ day: 2, start: '11:00', end: '13:00' }, { day: 2, start: '09:00', end: '12:00' }] },
        'Hours on Tuesday overlap: 09:00–12:00 and 11:00–13:00.',
      ],
      ['a date off that does not exist', { ...valid, datesOff: ['2027-02-30'] }, SchedulingMessages.datesOff],
      ['a date off in another format', { ...valid, datesOff: ['25.12.2027'] }, SchedulingMessages.datesOff],
      ['dates off that are no list', { ...valid, datesOff: '2027-12-25' }, SchedulingMessages.datesOff],
      ['367 dates off', { ...valid, datesOff: Array.from({ length: 367 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10)) }, SchedulingMessages.datesOff],
      ['an unknown field', { ...valid, price: 10 }, Messages.unexpectedField('price')],
    ])('refuses %s with 400 and its message, and saves nothing', async (_, body, message) => {
      const creator = await signedInCreator(app);
      await creator.client.put('/api/users/availability').send(valid).expect(200);
      const before = await db.query('select * from availability where creator_id = $1', [creator.user.id]);
      const response = await creator.client.put('/api/users/availability').send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
      expect((await db.query('select * from availability where creator_id = $1', [creator.user.id])).rows).toEqual(before.rows);
    });

    it('keeps ranges that only touch (09:00–12:00 and 12:00–13:00)', async () => {
      const creator = await signedInCreator(app);
      const body = { ...valid, weekly: [{ day: 2, start: '12:00', end: '13:00' }, { day: 2, start: '09:00', end: '12:00' }] };
      const saved = await creator.client.put('/api/users/availability').send(body).expect(200);
      expect((saved.body as AvailabilityView).weekly).toEqual([{ day: 2, start: '09:00', end: '12:00' }, { day: 2, start: '12:00', end: '13:00' }]);
    });
  });

  describe('GET /api/users/{username}/slots', () => {
    /** A creator taking bookings, with these weekly hours in UTC: sessions every hour, no notice. */
    async function bookableCreator(weekly: Array<{ day: number; start: string; end: string }>, over: Record<string, unknown> = {}) {
      const creator = await signedInCreator(app);
      await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '30' }).expect(200);
      await creator.client
        .put('/api/users/availability')
        .send({ ...valid, timeZone: 'UTC', sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 30, weekly, datesOff: [], ...over })
        .expect(200);
      return creator;
    }

    it('answers the open sessions of the dates asked for, as UTC instants, respecting the creator’s hours and dates off', async () => {
      const day = dateIn(3);
      const off = dateIn(10); // the same weekday a week later, off
      const creator = await bookableCreator([{ day: weekdayOf(day), start: '09:00', end: '11:00' }], { datesOff: [off] });
      const slots = await agent(app).get(`/api/users/${creator.details.username}/slots?from=${day}&days=14`).expect(200);
      const expected: SlotsView = {
        timeZone: 'UTC',
        sessionMinutes: 60,
        scheduled: true,
        slots: [
          { start: `${day}T09:00:00.000Z`, end: `${day}T10:00:00.000Z` },
          { start: `${day}T10:00:00.000Z`, end: `${day}T11:00:00.000Z` },
        ],
      };
      expect(slots.body).toEqual(expected);
      expect(slots.headers['cache-control']).toBe('no-store');
      expect((slots.body as SlotsView).slots.some((slot) => slot.start.startsWith(off))).toBe(false);
    });

    it('shows the creator’s wall-clock hours in their own time zone', async () => {
      const day = dateIn(4);
      const creator = await bookableCreator([{ day: weekdayOf(day), start: '09:00', end: '10:00' }], { timeZone: 'Asia/Kolkata' });
      const slots = await agent(app).get(`/api/users/${creator.details.username}/slots?from=${day}&days=1`).expect(200);
      expect(slots.body).toMatchObject({ timeZone: 'Asia/Kolkata', slots: [{ start: `${day}T03:30:00.000Z`, end: `${day}T04:30:00.000Z` }] });
    });

    it('a creator with booking on but no weekly hours books without set times', async () => {
      const creator = await signedInCreator(app);
      await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '30' }).expect(200);
      const slots = await agent(app).get(`/api/users/${creator.details.username}/slots`).expect(200);
      expect(slots.body).toEqual({ timeZone: 'UTC', sessionMinutes: 60, scheduled: false, slots: [] });
    });

    it('defaults to a week from today in the creator’s time zone', async () => {
      const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
      const creator = await bookableCreator(everyDay, { sessionMinutes: 15 });
      const { slots } = (await agent(app).get(`/api/users/${creator.details.username}/slots`).expect(200)).body as SlotsView;
      const dates = [...new Set(slots.map((slot) => slot.start.slice(0, 10)))];
      // Today's last session may be past already; the six days after it are all there, and nothing later.
      expect(dates.filter((date) => date !== dateIn(0))).toEqual([1, 2, 3, 4, 5, 6].map(dateIn));
      expect(Date.parse(slots[0]!.start)).toBeGreaterThanOrEqual(Date.now() - 60_000);
    });

    it('answers no slots for dates far off, even at the end of the calendar', async () => {
      const creator = await bookableCreator([1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '10:00' })));
      for (const query of ['from=9999-12-31&days=31', 'from=0001-01-01&days=31', `from=${dateIn(-40)}&days=31`]) {
        const response = await agent(app).get(`/api/users/${creator.details.username}/slots?${query}`).expect(200);
        expect((response.body as SlotsView).slots).toEqual([]);
      }
    });

    it.each([
      ['a date that does not exist', 'from=2027-02-30', SchedulingMessages.from],
      ['a date in another format', 'from=31.01.2027', SchedulingMessages.from],
      ['0 days', 'days=0', SchedulingMessages.days],
      ['32 days', 'days=32', SchedulingMessages.days],
      ['days as words', 'days=seven', SchedulingMessages.days],
      ['an unknown parameter', 'to=2027-01-31', Messages.unexpectedField('to')],
    ])('refuses %s with 400 and its message', async (_, query, message) => {
      const creator = await bookableCreator([{ day: 1, start: '09:00', end: '10:00' }]);
      const response = await agent(app).get(`/api/users/${creator.details.username}/slots?${query}`).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
    });

    it('answers 404 for nobody and 400 for a creator not taking bookings', async () => {
      expect((await agent(app).get('/api/users/nobody-here-at-all/slots').expect(404)).body).toEqual({ statusCode: 404, message: Messages.userNotFound });
      const creator = await signedInCreator(app);
      const response = await agent(app).get(`/api/users/${creator.details.username}/slots`).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: PaymentMessages.bookingUnavailable });
    });
  });
});
