import { sessionTime, sessionTimeForVisitor } from './session-time.js';

const at = (iso: string) => new Date(iso);

describe('a session’s time as a reader is told it', () => {
  const start = at('2027-03-02T14:00:00Z');
  const end = at('2027-03-02T14:45:00Z');

  it('follows the locale’s clock: en-US 12-hour, en-GB and de-DE 24-hour (in English words)', () => {
    expect(sessionTime(start, end, { timeZone: 'Europe/London', locale: 'en-US' })).toBe('Tuesday, March 2, 2027, 2:00 – 2:45 PM (Europe/London)');
    expect(sessionTime(start, end, { timeZone: 'Europe/London', locale: 'en-GB' })).toBe('Tuesday, 2 March 2027, 14:00–14:45 (Europe/London)');
    expect(sessionTime(start, end, { timeZone: 'Europe/London', locale: 'de-DE' })).toBe('Tuesday, 2 March 2027, 14:00–14:45 (Europe/London)');
    expect(sessionTime(start, end, { timeZone: 'Europe/London', locale: null })).toBe('Tuesday, March 2, 2027, 2:00 – 2:45 PM (Europe/London)');
  });

  it('names both zones, the visitor’s first, and the creator’s once when they are the same', () => {
    const creator = { name: 'Alex', timeZone: 'Europe/London' };
    expect(sessionTimeForVisitor(start, end, { timeZone: 'America/New_York', locale: 'en-US' }, creator)).toBe(
      'Tuesday, March 2, 2027, 9:00 – 9:45 AM your time (America/New_York) — 2:00 – 2:45 PM for Alex (Europe/London)',
    );
    expect(sessionTimeForVisitor(start, end, { timeZone: 'Europe/London', locale: 'en-US' }, creator)).toBe(
      'Tuesday, March 2, 2027, 2:00 – 2:45 PM (Europe/London)',
    );
  });

  it('gives the creator’s date too when it is another day there', () => {
    expect(
      sessionTimeForVisitor(at('2027-03-02T23:30:00Z'), at('2027-03-03T00:00:00Z'), { timeZone: 'America/Los_Angeles', locale: 'en-US' }, { name: 'Kai', timeZone: 'Asia/Tokyo' }),
    ).toBe('Tuesday, March 2, 2027, 3:30 – 4:00 PM your time (America/Los_Angeles) — Wednesday, March 3, 2027, 8:30 – 9:00 AM for Kai (Asia/Tokyo)');
  });

  it('across a change of clocks: the hour the visitor’s clocks skip is not in the session’s length', () => {
    // US clocks go forward at 2:00 on 14 March 2027; London's not until 28 March.
    expect(
      sessionTimeForVisitor(at('2027-03-14T06:30:00Z'), at('2027-03-14T07:30:00Z'), { timeZone: 'America/New_York', locale: 'en-US' }, { name: 'Alex', timeZone: 'Europe/London' }),
    ).toBe('Sunday, March 14, 2027, 1:30 – 3:30 AM your time (America/New_York) — 6:30 – 7:30 AM for Alex (Europe/London)');
    expect(sessionTime(at('2027-03-28T00:30:00Z'), at('2027-03-28T01:30:00Z'), { timeZone: 'Europe/Berlin', locale: 'de-DE' })).toBe(
      'Sunday, 28 March 2027, 01:30–03:30 (Europe/Berlin)',
    );
  });
});
