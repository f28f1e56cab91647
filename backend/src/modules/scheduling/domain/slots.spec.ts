import type { WeeklyRangeView } from '@linkbio/shared-contracts';
import { DEFAULT_AVAILABILITY, type Availability } from './availability.js';
import { computeSlots, offeredSlot, windowAround, type Busy } from './slots.js';

const availability = (over: Partial<Availability> = {}): Availability => ({
  ...DEFAULT_AVAILABILITY,
  timeZone: 'UTC',
  sessionMinutes: 60,
  minNoticeHours: 0,
  horizonDays: 365,
  weekly: [{ day: 1, start: '09:00', end: '12:00' }],
  ...over,
});
const EARLY = new Date('2027-01-01T00:00:00Z');
const starts = (a: Availability, from: string, days: number, now = EARLY, busy: Busy[] = []) =>
  computeSlots(a, { from, days, now, busy }).map((slot) => slot.start.toISOString());
const busy = (start: string, until: string): Busy => ({ start: new Date(start), blockedUntil: new Date(until) });
const monday = (start: string, end: string): WeeklyRangeView => ({ day: 1, start, end });

describe('open slots', () => {
  it('fills each weekly range with sessions that end by its end, on its weekday only', () => {
    const slots = computeSlots(availability(), { from: '2027-01-04', days: 7, now: EARLY, busy: [] });
    expect(slots.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2027-01-04T09:00:00.000Z', '2027-01-04T10:00:00.000Z'],
      ['2027-01-04T10:00:00.000Z', '2027-01-04T11:00:00.000Z'],
      ['2027-01-04T11:00:00.000Z', '2027-01-04T12:00:00.000Z'],
    ]);
  });

  it('keeps the creator’s wall-clock hours across a daylight-saving change (New York, Berlin)', () => {
    const newYork = availability({ timeZone: 'America/New_York' });
    expect(starts(newYork, '2027-03-08', 8)).toEqual([
      '2027-03-08T14:00:00.000Z', '2027-03-08T15:00:00.000Z', '2027-03-08T16:00:00.000Z', // EST
      '2027-03-15T13:00:00.000Z', '2027-03-15T14:00:00.000Z', '2027-03-15T15:00:00.000Z', // EDT
    ]);
    const berlin = availability({ timeZone: 'Europe/Berlin' });
    expect(starts(berlin, '2027-10-25', 8)).toEqual([
      '2027-10-25T07:00:00.000Z', '2027-10-25T08:00:00.000Z', '2027-10-25T09:00:00.000Z', // CEST
      '2027-11-01T08:00:00.000Z', '2027-11-01T09:00:00.000Z', '2027-11-01T10:00:00.000Z', // CET
    ]);
  });

  it('gives a range over the change the hours it really has: one less in spring, one more in autumn', () => {
    const spring = availability({ timeZone: 'America/New_York', weekly: [{ day: 7, start: '00:00', end: '06:00' }] });
    expect(starts(spring, '2027-03-14', 1)).toEqual([
      '2027-03-14T05:00:00.000Z', '2027-03-14T06:00:00.000Z', '2027-03-14T07:00:00.000Z',
      '2027-03-14T08:00:00.000Z', '2027-03-14T09:00:00.000Z',
    ]);
    const autumn = availability({ timeZone: 'Europe/Berlin', weekly: [{ day: 7, start: '00:00', end: '04:00' }] });
    expect(starts(autumn, '2027-10-31', 1)).toEqual([
      '2027-10-30T22:00:00.000Z', '2027-10-30T23:00:00.000Z', '2027-10-31T00:00:00.000Z',
      '2027-10-31T01:00:00.000Z', '2027-10-31T02:00:00.000Z',
    ]);
  });

  it('leaves the buffer between sessions', () => {
    const a = availability({ sessionMinutes: 45, bufferMinutes: 15 });
    expect(starts(a, '2027-01-04', 1)).toEqual(['2027-01-04T09:00:00.000Z', '2027-01-04T10:00:00.000Z', '2027-01-04T11:00:00.000Z']);
    const tight = availability({ sessionMinutes: 50, bufferMinutes: 20, weekly: [monday('09:00', '10:55')] });
    expect(starts(tight, '2027-01-04', 1)).toEqual(['2027-01-04T09:00:00.000Z']); // 10:10–11:00 would end after 10:55
  });

  it('offers several ranges in one day', () => {
    const a = availability({ sessionMinutes: 30, weekly: [monday('14:00', '15:30'), monday('09:00', '10:00')] });
    expect(starts(a, '2027-01-04', 1)).toEqual([
      '2027-01-04T09:00:00.000Z', '2027-01-04T09:30:00.000Z',
      '2027-01-04T14:00:00.000Z', '2027-01-04T14:30:00.000Z', '2027-01-04T15:00:00.000Z',
    ]);
  });

  it('leaves out sessions sooner than the minimum notice', () => {
    const now = new Date('2027-01-04T08:30:00Z');
    expect(starts(availability({ minNoticeHours: 1 }), '2027-01-04', 1, now)).toEqual(['2027-01-04T10:00:00.000Z', '2027-01-04T11:00:00.000Z']);
    expect(starts(availability({ minNoticeHours: 0 }), '2027-01-04', 1, new Date('2027-01-04T10:00:00Z'))).toEqual([
      '2027-01-04T10:00:00.000Z', '2027-01-04T11:00:00.000Z',
    ]);
  });

  it('leaves out sessions past the horizon', () => {
    const now = new Date('2027-01-04T08:00:00Z');
    const a = availability({ horizonDays: 8, weekly: [monday('09:00', '10:00')] });
    expect(starts(a, '2027-01-04', 31, now)).toEqual(['2027-01-04T09:00:00.000Z', '2027-01-11T09:00:00.000Z']);
    expect(starts({ ...a, horizonDays: 7 }, '2027-01-04', 31, now)).toEqual(['2027-01-04T09:00:00.000Z']);
  });

  it('gives nothing on dates off', () => {
    const a = availability({ weekly: [monday('09:00', '10:00')], datesOff: ['2027-01-11'] });
    expect(starts(a, '2027-01-04', 21)).toEqual(['2027-01-04T09:00:00.000Z', '2027-01-18T09:00:00.000Z']);
  });

  it('leaves out time paid or held, with the buffer on either side', () => {
    const taken = [busy('2027-01-04T10:00:00Z', '2027-01-04T11:15:00Z')];
    expect(starts(availability({ weekly: [monday('09:00', '13:00')] }), '2027-01-04', 1, EARLY, taken)).toEqual([
      '2027-01-04T09:00:00.000Z', '2027-01-04T12:00:00.000Z',
    ]);
    // With a 30-minute buffer (sessions every 90 minutes), 09:00 would end less than 30 minutes before the
    // 10:00 session and 10:30 would start inside it.
    expect(starts(availability({ bufferMinutes: 30, weekly: [monday('09:00', '13:00')] }), '2027-01-04', 1, EARLY, taken)).toEqual([
      '2027-01-04T12:00:00.000Z',
    ]);
  });

  it('gives nothing, and reads no zone rules, for dates far off or beyond the calendar', () => {
    const everyDay = availability({ weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '10:00' })) });
    expect(starts(everyDay, '9999-12-31', 31)).toEqual([]);
    expect(starts(everyDay, '0001-01-01', 31)).toEqual([]);
    expect(windowAround(everyDay, '9999-12-31', 31, EARLY)).toBeNull();
    expect(windowAround(everyDay, '2026-01-01', 31, EARLY)).toBeNull();
    expect(windowAround(everyDay, '2027-01-04', 1, EARLY)).toEqual({ from: new Date('2027-01-03T00:00:00Z'), to: new Date('2027-01-06T00:00:00Z') });
    expect(offeredSlot(everyDay, new Date('+010000-01-01T09:00:00Z'), EARLY)).toBeNull();
  });

  it('knows whether a start is one it offers, whatever the date in UTC', () => {
    const tokyo = availability({ timeZone: 'Asia/Tokyo', weekly: [monday('08:00', '10:00')] });
    expect(offeredSlot(tokyo, new Date('2027-01-03T23:00:00Z'), EARLY)).toEqual({
      start: new Date('2027-01-03T23:00:00Z'),
      end: new Date('2027-01-04T00:00:00Z'),
    });
    expect(offeredSlot(tokyo, new Date('2027-01-03T23:10:00Z'), EARLY)).toBeNull(); // off the grid
    expect(offeredSlot({ ...tokyo, datesOff: ['2027-01-04'] }, new Date('2027-01-03T23:00:00Z'), EARLY)).toBeNull();
    expect(offeredSlot(tokyo, new Date('2027-01-03T23:00:00Z'), new Date('2027-01-03T23:30:00Z'))).toBeNull(); // past
  });
});
