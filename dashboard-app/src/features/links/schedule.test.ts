import { ScheduleMessages } from '@linkbio/shared-contracts';
import {
  boundsFromInputs,
  formatInZone,
  instantFromLocalInput,
  linksOnPageAt,
  localInputFromInstant,
  scheduleErrorFromServer,
  scheduleErrorsOf,
  schedulePhaseOf,
  scheduleSummary,
} from './schedule';

describe('instantFromLocalInput', () => {
  it.each([
    ['2026-03-02T09:00', 'Europe/Paris', '2026-03-02T08:00:00.000Z'],
    ['2026-07-02T09:00', 'Europe/Paris', '2026-07-02T07:00:00.000Z'],
    ['2026-03-07T09:00', 'America/New_York', '2026-03-07T14:00:00.000Z'],
    ['2026-03-08T09:00', 'America/New_York', '2026-03-08T13:00:00.000Z'],
    ['2026-03-02T09:00', 'Asia/Kolkata', '2026-03-02T03:30:00.000Z'],
    ['2026-03-02T00:15', 'Pacific/Auckland', '2026-03-01T11:15:00.000Z'],
    ['2026-03-02T09:00', 'UTC', '2026-03-02T09:00:00.000Z'],
    ['2026-03-02T09:00:30', 'UTC', '2026-03-02T09:00:30.000Z'],
  ])('reads %p in %s as the instant %p', (value, timeZone, instant) => {
    expect(instantFromLocalInput(value, timeZone)).toBe(instant);
  });

  it('reads a time the clocks skip in spring with the offset before the change (02:30 → 03:30)', () => {
    expect(instantFromLocalInput('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
  });

  describe('around the clock changes', () => {
    /** Zone, the wall time, the instant it is read as, the wall time that instant shows (when the clocks moved it). */
    const SPRING: [string, string, string, string][] = [
      ['Europe/Paris', '2026-03-29T02:30', '2026-03-29T01:30:00.000Z', '2026-03-29T03:30'],
      ['Europe/Paris', '2026-03-29T02:00', '2026-03-29T01:00:00.000Z', '2026-03-29T03:00'],
      ['America/New_York', '2026-03-08T02:30', '2026-03-08T07:30:00.000Z', '2026-03-08T03:30'],
      ['America/New_York', '2026-03-08T02:00', '2026-03-08T07:00:00.000Z', '2026-03-08T03:00'],
      ['America/New_York', '2026-03-08T02:59', '2026-03-08T07:59:00.000Z', '2026-03-08T03:59'],
      ['America/Los_Angeles', '2026-03-08T02:30', '2026-03-08T10:30:00.000Z', '2026-03-08T03:30'],
      ['Australia/Sydney', '2026-10-04T02:30', '2026-10-03T16:30:00.000Z', '2026-10-04T03:30'],
    ];

    it.each(SPRING)(
      'reads the skipped %s %s with the offset before the change: %s, shown as %s',
      (timeZone, value, instant, shown) => {
        expect(instantFromLocalInput(value, timeZone)).toBe(instant);
        expect(localInputFromInstant(instant, timeZone)).toBe(shown);
      },
    );

    /** Zone, a wall time the clocks show twice, the first occurrence. */
    const FALL: [string, string, string][] = [
      ['Europe/Paris', '2026-10-25T02:30', '2026-10-25T00:30:00.000Z'],
      ['Europe/Paris', '2026-10-25T02:00', '2026-10-25T00:00:00.000Z'],
      ['America/New_York', '2026-11-01T01:30', '2026-11-01T05:30:00.000Z'],
      ['America/New_York', '2026-11-01T01:00', '2026-11-01T05:00:00.000Z'],
      ['America/Los_Angeles', '2026-11-01T01:30', '2026-11-01T08:30:00.000Z'],
      ['Australia/Sydney', '2026-04-05T02:30', '2026-04-04T15:30:00.000Z'],
    ];

    it.each(FALL)('reads the repeated %s %s as its first occurrence, %s', (timeZone, value, instant) => {
      expect(instantFromLocalInput(value, timeZone)).toBe(instant);
      expect(localInputFromInstant(instant, timeZone)).toBe(value);
    });

    it.each([
      ['America/New_York', '2026-03-08T01:59', '2026-03-08T06:59:00.000Z'],
      ['America/New_York', '2026-03-08T03:00', '2026-03-08T07:00:00.000Z'],
      ['America/New_York', '2026-11-01T00:59', '2026-11-01T04:59:00.000Z'],
      ['America/New_York', '2026-11-01T02:00', '2026-11-01T07:00:00.000Z'],
      ['America/Los_Angeles', '2026-03-08T03:00', '2026-03-08T10:00:00.000Z'],
      ['Europe/Paris', '2026-10-25T03:00', '2026-10-25T02:00:00.000Z'],
      ['Australia/Sydney', '2026-10-04T03:00', '2026-10-03T16:00:00.000Z'],
      ['Australia/Sydney', '2026-04-05T03:00', '2026-04-04T17:00:00.000Z'],
      // A half-hour zone without daylight saving: the same offset on the days the others change.
      ['Asia/Kolkata', '2026-03-08T02:30', '2026-03-07T21:00:00.000Z'],
      ['Asia/Kolkata', '2026-03-29T02:30', '2026-03-28T21:00:00.000Z'],
      ['Asia/Kolkata', '2026-10-25T02:30', '2026-10-24T21:00:00.000Z'],
      ['Asia/Kolkata', '2026-11-01T01:30', '2026-10-31T20:00:00.000Z'],
    ])('reads %s %s, next to a change, as %s', (timeZone, value, instant) => {
      expect(instantFromLocalInput(value, timeZone)).toBe(instant);
    });

    it('gives back the same wall time for every minute of the days the clocks change, skipped ones moved on', () => {
      const days: [string, string[]][] = [
        ['Europe/Paris', ['2026-03-29', '2026-10-25']],
        ['America/New_York', ['2026-03-08', '2026-11-01']],
        ['America/Los_Angeles', ['2026-03-08', '2026-11-01']],
        ['Australia/Sydney', ['2026-10-04', '2026-04-05']],
        ['Asia/Kolkata', ['2026-03-08', '2026-10-25']],
      ];
      for (const [timeZone, dates] of days) {
        for (const date of dates) {
          for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
            const value = `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
            const instant = instantFromLocalInput(value, timeZone);
            const shown = localInputFromInstant(instant, timeZone);
            // Read again, the time shown is the same instant: reopening the dialog changes nothing.
            expect(instantFromLocalInput(shown, timeZone)).toBe(instant);
            // Only a skipped time moves, and only forward, by the hour the clocks skip.
            const moved = Date.parse(`${shown}Z`) - Date.parse(`${value}Z`);
            expect([0, 60 * 60 * 1000]).toContain(moved);
          }
        }
      }
    });
  });

  it.each(['', '2026-03-02', '09:00', 'tomorrow'])('is null for %p', (value) => {
    expect(instantFromLocalInput(value, 'Europe/Paris')).toBeNull();
  });

  it('gives back the same wall time', () => {
    for (const timeZone of ['Europe/Paris', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Adelaide']) {
      for (const value of ['2026-01-15T08:45', '2026-06-30T23:59', '2026-10-25T12:00']) {
        expect(localInputFromInstant(instantFromLocalInput(value, timeZone), timeZone)).toBe(value);
      }
    }
  });
});

describe('localInputFromInstant', () => {
  it('shows an instant on the clocks of the zone, for the datetime-local input', () => {
    expect(localInputFromInstant('2026-03-02T08:00:00.000Z', 'Europe/Paris')).toBe('2026-03-02T09:00');
    expect(localInputFromInstant('2026-03-02T03:00:00.000Z', 'America/New_York')).toBe('2026-03-01T22:00');
    expect(localInputFromInstant(null, 'Europe/Paris')).toBe('');
  });
});

describe('formatInZone and scheduleSummary', () => {
  const link = { startsAt: '2026-03-02T08:00:00.000Z', endsAt: '2026-03-02T16:00:00.000Z' };

  it('formats an instant with the zone’s short name', () => {
    expect(formatInZone(link.startsAt, 'Europe/Paris')).toBe('Mar 2, 2026, 9:00 AM GMT+1');
    expect(formatInZone(link.startsAt, 'America/New_York')).toBe('Mar 2, 2026, 3:00 AM EST');
  });

  it('says when a scheduled link starts and ends, until when a live one shows, and when one ended', () => {
    const zone = 'Europe/Paris';
    expect(scheduleSummary(link, 'upcoming', zone)).toBe(
      'Starts Mar 2, 2026, 9:00 AM GMT+1 · ends Mar 2, 2026, 5:00 PM GMT+1',
    );
    expect(scheduleSummary({ ...link, endsAt: null }, 'upcoming', zone)).toBe('Starts Mar 2, 2026, 9:00 AM GMT+1');
    expect(scheduleSummary(link, 'live', zone)).toBe('Until Mar 2, 2026, 5:00 PM GMT+1');
    expect(scheduleSummary({ ...link, endsAt: null }, 'live', zone)).toBe('Since Mar 2, 2026, 9:00 AM GMT+1');
    expect(scheduleSummary(link, 'ended', zone)).toBe('Ended Mar 2, 2026, 5:00 PM GMT+1');
  });
});

describe('schedulePhaseOf', () => {
  const link = { startsAt: '2026-03-02T08:00:00.000Z', endsAt: '2026-03-02T16:00:00.000Z' };
  const at = (iso: string) => schedulePhaseOf(link, new Date(iso));

  it('is upcoming before the start, live from the start, ended from the end', () => {
    expect(at('2026-03-02T07:59:59.999Z')).toBe('upcoming');
    expect(at('2026-03-02T08:00:00.000Z')).toBe('live');
    expect(at('2026-03-02T15:59:59.999Z')).toBe('live');
    expect(at('2026-03-02T16:00:00.000Z')).toBe('ended');
  });

  it('is null for a link without schedule', () => {
    expect(schedulePhaseOf({ startsAt: null, endsAt: null }, new Date())).toBeNull();
  });
});

describe('checking a schedule before sending it', () => {
  it('turns the inputs into instants, empty ones into no bound', () => {
    expect(boundsFromInputs({ startsAt: '2026-03-02T09:00', endsAt: '' }, 'Europe/Paris')).toEqual({
      startsAt: '2026-03-02T08:00:00.000Z',
      endsAt: null,
    });
  });

  it('says the API’s words when the end is not after the start', () => {
    expect(scheduleErrorsOf({ startsAt: '2026-03-02T08:00:00.000Z', endsAt: '2026-03-02T08:00:00.000Z' })).toEqual({
      endsAt: 'The end must be after the start.',
    });
    expect(scheduleErrorsOf({ startsAt: '2026-03-02T08:00:00.000Z', endsAt: null })).toEqual({});
  });

  it('puts the server’s schedule messages beside the field they are about', () => {
    expect(scheduleErrorFromServer(ScheduleMessages.outOfRange)).toEqual({ schedule: ScheduleMessages.outOfRange });
    expect(scheduleErrorFromServer(ScheduleMessages.endNotAfterStart)).toEqual({
      endsAt: ScheduleMessages.endNotAfterStart,
    });
    expect(scheduleErrorFromServer(ScheduleMessages.invalidStart)).toEqual({ startsAt: ScheduleMessages.invalidStart });
    expect(scheduleErrorFromServer('Title is required')).toBeNull();
  });
});

describe('linksOnPageAt', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const link = (
    title: string,
    overrides: { isActive?: boolean; startsAt?: string | null; endsAt?: string | null } = {},
  ) => ({
    title,
    isActive: true,
    startsAt: null,
    endsAt: null,
    ...overrides,
  });
  const links = [
    link('On'),
    link('Off', { isActive: false }),
    link('Live', { startsAt: '2026-03-02T09:00:00Z', endsAt: '2026-03-02T17:00:00Z' }),
    link('Upcoming', { startsAt: '2026-03-03T09:00:00Z' }),
    link('Ended', { endsAt: '2026-03-01T00:00:00Z' }),
  ];

  it('keeps the switched-on links live by their schedule, in order, for Premium creators', () => {
    expect(linksOnPageAt(links, true, now).map((l) => l.title)).toEqual(['On', 'Live']);
  });

  it('ignores schedules once Premium has ended, as the page does', () => {
    expect(linksOnPageAt(links, false, now).map((l) => l.title)).toEqual(['On', 'Live', 'Upcoming', 'Ended']);
  });
});
