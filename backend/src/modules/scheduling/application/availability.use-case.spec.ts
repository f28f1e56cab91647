import { PaymentMessages, Messages, SessionBookingMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAvailabilityStore } from '../testing/in-memory-availability.store.js';
import { InMemorySlotHoldStore } from '../testing/in-memory-slot-hold.store.js';
import { AvailabilityUseCase } from './availability.use-case.js';
import { InMemoryCalendarBusyTimes } from '../../calendars/testing/in-memory-calendar-busy-times.js';
import { InMemorySessionTypeCatalog } from '../../session-types/testing/in-memory-session-type-catalog.js';
import type { BookableSessionType } from '../../session-types/application/ports/session-type-catalog.js';

const CREATOR = 'creator-1';
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '12:00' }));
const SHORT_ID = '00000000-0000-4000-8000-000000000030';
const LONG_ID = '00000000-0000-4000-8000-000000000090';
const aType = (id: string | null, minutes: number | null): BookableSessionType => ({
  id,
  name: `${minutes ?? 'default'} minutes`,
  minutes,
  priceCents: 3000,
  description: '',
  location: null,
  questions: [],
});

/** A creator in Tokyo taking hour-long sessions 09:00–12:00 every day, 10 days ahead; it is Monday 21:00 there. */
async function world(takesBookings = true, types: BookableSessionType[] = [aType(null, null)]) {
  const clock = new FixedClock('2027-03-01T12:00:00.000Z');
  const store = new InMemoryAvailabilityStore();
  const holds = new InMemorySlotHoldStore();
  store.addCreator('maya', { id: CREATOR, takesBookings });
  const catalog = new InMemorySessionTypeCatalog();
  catalog.set(CREATOR, types);
  const useCase = new AvailabilityUseCase(store, holds, clock, new InMemoryCalendarBusyTimes(), catalog);
  await useCase.save(CREATOR, {
    timeZone: 'Asia/Tokyo',
    sessionMinutes: 60,
    bufferMinutes: 0,
    minNoticeHours: 0,
    horizonDays: 10,
    weekly: everyDay,
    datesOff: [],
    cancellationHours: 24,
  });
  return { useCase, holds, clock, store };
}

/** 09:00, 10:00 and 11:00 in Tokyo on `date`, as UTC instants. */
const sessionsOn = (date: string) =>
  [0, 1, 2].map((hour) => new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000).toISOString());

describe('AvailabilityUseCase.week (the booking page’s read, OpenSlots)', () => {
  it('reads the week from today in the creator’s zone, with today and the horizon’s last date', async () => {
    const { useCase } = await world();
    const week = await useCase.week('maya', undefined);
    expect(week).toMatchObject({
      timeZone: 'Asia/Tokyo',
      sessionMinutes: 60,
      scheduled: true,
      from: '2027-03-01',
      today: '2027-03-01',
      lastDate: '2027-03-11',
    });
    // Today's sessions are over (21:00 in Tokyo); six days of three follow.
    expect(week.slots.map((slot) => slot.start)).toEqual(
      ['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07'].flatMap(sessionsOn),
    );
    expect(week.slots[0]).toEqual({ start: '2027-03-02T00:00:00.000Z', end: '2027-03-02T01:00:00.000Z' });
  });

  it('reads an earlier date as today, and a later week up to the horizon', async () => {
    const { useCase } = await world();
    expect((await useCase.week('maya', '2027-02-20')).from).toBe('2027-03-01');
    const later = await useCase.week('maya', '2027-03-08');
    expect(later.from).toBe('2027-03-08');
    // The horizon ends 2027-03-11 21:00 in Tokyo.
    expect(later.slots.map((slot) => slot.start)).toEqual(
      ['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11'].flatMap(sessionsOn),
    );
  });

  it('leaves out a held time', async () => {
    const { useCase, holds, clock } = await world();
    const start = new Date('2027-03-03T01:00:00.000Z');
    await holds.take(
      {
        id: 'b1',
        creatorId: CREATOR,
        start,
        end: new Date('2027-03-03T02:00:00.000Z'),
        blockedUntil: new Date('2027-03-03T02:00:00.000Z'),
        holder: 'v',
        expiresAt: new Date('2027-03-01T12:10:00.000Z'),
      },
      clock.now(),
    );
    expect((await useCase.week('maya', undefined)).slots.map((slot) => slot.start)).not.toContain(start.toISOString());
  });

  it('says when the creator books without set times', async () => {
    const { useCase, store } = await world();
    await store.save(CREATOR, { ...(await store.find(CREATOR))!, weekly: [] });
    expect(await useCase.week('maya', undefined)).toEqual({
      timeZone: 'Asia/Tokyo',
      sessionMinutes: 60,
      scheduled: false,
      slots: [],
      from: '2027-03-01',
      today: '2027-03-01',
      lastDate: '2027-03-11',
    });
  });

  it('refuses an unknown creator and one who takes no bookings', async () => {
    await expect((await world()).useCase.week('nobody', undefined)).rejects.toEqual(
      aDomainError('not_found', Messages.userNotFound),
    );
    await expect((await world(false)).useCase.week('maya', undefined)).rejects.toEqual(
      aDomainError('invalid', PaymentMessages.bookingUnavailable),
    );
  });

  it('gives the sessions of the type asked for, and of the first type when none is', async () => {
    const { useCase } = await world(true, [aType(LONG_ID, 90), aType(SHORT_ID, 30)]);
    const short = await useCase.slots('maya', { from: '2027-03-02', days: 1, type: SHORT_ID });
    expect(short.sessionMinutes).toBe(30);
    expect(short.slots.map((slot) => slot.start)).toEqual(
      [0, 30, 60, 90, 120, 150].map((minutes) => new Date(Date.parse('2027-03-02T00:00:00Z') + minutes * 60_000).toISOString()),
    );
    expect(short.slots[0]).toEqual({ start: '2027-03-02T00:00:00.000Z', end: '2027-03-02T00:30:00.000Z' });
    const first = await useCase.week('maya', '2027-03-02');
    expect(first.sessionMinutes).toBe(90);
    // 09:00–12:00 holds two 90-minute sessions.
    expect(first.slots.filter((slot) => slot.start.startsWith('2027-03-02'))).toEqual([
      { start: '2027-03-02T00:00:00.000Z', end: '2027-03-02T01:30:00.000Z' },
      { start: '2027-03-02T01:30:00.000Z', end: '2027-03-02T03:00:00.000Z' },
    ]);
    expect((await useCase.week('maya', '2027-03-02', SHORT_ID)).sessionMinutes).toBe(30);
  });

  it('refuses a type the creator does not offer (unknown or switched off), and a creator offering none', async () => {
    const { useCase } = await world(true, [aType(SHORT_ID, 30)]);
    await expect(useCase.slots('maya', { type: LONG_ID })).rejects.toEqual(aDomainError('not_found', SessionBookingMessages.sessionTypeNotFound));
    await expect((await world(true, [])).useCase.slots('maya', {})).rejects.toEqual(aDomainError('invalid', PaymentMessages.bookingUnavailable));
  });

  it('leaves the API’s slots as they were: an earlier date is read as given, and only the view’s fields', async () => {
    const { useCase } = await world();
    expect(await useCase.slots('maya', { from: '2027-02-27', days: 2 })).toEqual({
      timeZone: 'Asia/Tokyo',
      sessionMinutes: 60,
      scheduled: true,
      slots: [],
    });
    expect(Object.keys(await useCase.slots('maya', {}))).toEqual(['timeZone', 'sessionMinutes', 'scheduled', 'slots']);
  });
});
