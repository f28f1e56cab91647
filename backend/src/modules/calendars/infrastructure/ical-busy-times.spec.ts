import { busyTimesOf } from './ical-busy-times.js';

const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'];
const from = new Date('2027-03-01T00:00:00Z');
const to = new Date('2027-03-08T00:00:00Z');
const iso = (times: Array<{ start: Date; end: Date }>) => times.map((time) => [time.start.toISOString(), time.end.toISOString()]);

describe('busyTimesOf (events read from a creator’s calendar)', () => {
  it('takes UTC times as written, and a named zone by its rules', () => {
    const busy = busyTimesOf(
      [
        calendar(...event('UID:a', 'DTSTART:20270302T100000Z', 'DTEND:20270302T110000Z')),
        calendar(...event('UID:b', 'DTSTART;TZID=Europe/Berlin:20270303T100000', 'DTEND;TZID=Europe/Berlin:20270303T113000')),
      ],
      from,
      to,
      'UTC',
    );
    expect(iso(busy)).toEqual([
      ['2027-03-02T10:00:00.000Z', '2027-03-02T11:00:00.000Z'],
      ['2027-03-03T09:00:00.000Z', '2027-03-03T10:30:00.000Z'],
    ]);
  });

  it('reads floating times and all-day dates in the creator’s zone, and a duration instead of an end', () => {
    const busy = busyTimesOf(
      [
        calendar(...event('UID:a', 'DTSTART:20270302T100000', 'DURATION:PT45M')),
        calendar(...event('UID:b', 'DTSTART;VALUE=DATE:20270304', 'DTEND;VALUE=DATE:20270305')),
      ],
      from,
      to,
      'America/New_York',
    );
    expect(iso(busy)).toEqual([
      ['2027-03-02T15:00:00.000Z', '2027-03-02T15:45:00.000Z'],
      ['2027-03-04T05:00:00.000Z', '2027-03-05T05:00:00.000Z'],
    ]);
  });

  it('leaves out free (transparent) and cancelled events, and events outside the window or without length', () => {
    const busy = busyTimesOf(
      [
        calendar(...event('UID:a', 'DTSTART:20270302T100000Z', 'DTEND:20270302T110000Z', 'TRANSP:TRANSPARENT')),
        calendar(...event('UID:b', 'DTSTART:20270302T120000Z', 'DTEND:20270302T130000Z', 'STATUS:CANCELLED')),
        calendar(...event('UID:c', 'DTSTART:20270310T120000Z', 'DTEND:20270310T130000Z')),
        calendar(...event('UID:d', 'DTSTART:20270302T150000Z', 'DTEND:20270302T150000Z')),
        calendar(...event('UID:e', 'DTSTART:20270302T160000Z', 'DTEND:20270302T170000Z', 'TRANSP:OPAQUE', 'STATUS:CONFIRMED')),
      ],
      from,
      to,
      'UTC',
    );
    expect(iso(busy)).toEqual([['2027-03-02T16:00:00.000Z', '2027-03-02T17:00:00.000Z']]);
  });

  it('expands a recurring event within the window, with its moved and cancelled occurrences', () => {
    const busy = busyTimesOf(
      [
        calendar(
          ...event('UID:r', 'DTSTART;TZID=Europe/Berlin:20270101T090000', 'DTEND;TZID=Europe/Berlin:20270101T100000', 'RRULE:FREQ=DAILY', 'EXDATE;TZID=Europe/Berlin:20270303T090000'),
          ...event('UID:r', 'RECURRENCE-ID;TZID=Europe/Berlin:20270304T090000', 'DTSTART;TZID=Europe/Berlin:20270304T140000', 'DTEND;TZID=Europe/Berlin:20270304T150000'),
          ...event('UID:r', 'RECURRENCE-ID;TZID=Europe/Berlin:20270305T090000', 'DTSTART;TZID=Europe/Berlin:20270305T090000', 'DTEND;TZID=Europe/Berlin:20270305T100000', 'STATUS:CANCELLED'),
        ),
      ],
      from,
      new Date('2027-03-07T00:00:00Z'),
      'UTC',
    );
    expect(iso(busy)).toEqual([
      ['2027-03-01T08:00:00.000Z', '2027-03-01T09:00:00.000Z'],
      ['2027-03-02T08:00:00.000Z', '2027-03-02T09:00:00.000Z'],
      ['2027-03-04T13:00:00.000Z', '2027-03-04T14:00:00.000Z'],
      ['2027-03-06T08:00:00.000Z', '2027-03-06T09:00:00.000Z'],
    ]);
  });

  it('follows the clock change of the event’s zone across a recurring series', () => {
    const busy = busyTimesOf(
      [calendar(...event('UID:w', 'DTSTART;TZID=Europe/Berlin:20270326T090000', 'DTEND;TZID=Europe/Berlin:20270326T100000', 'RRULE:FREQ=DAILY;COUNT=4'))],
      new Date('2027-03-26T00:00:00Z'),
      new Date('2027-03-31T00:00:00Z'),
      'UTC',
    );
    expect(busy.map((time) => time.start.toISOString())).toEqual([
      '2027-03-26T08:00:00.000Z',
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
  });

  it('skips text that is not iCalendar', () => {
    expect(busyTimesOf(['not a calendar', calendar(...event('UID:a', 'DTSTART:20270302T100000Z', 'DTEND:20270302T110000Z'))], from, to, 'UTC')).toHaveLength(1);
  });
});
