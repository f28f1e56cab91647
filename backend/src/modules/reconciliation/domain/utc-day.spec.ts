import { dayBefore, parseUtcDay, utcDayOf } from './utc-day.js';

describe('UTC days', () => {
  it('parses a calendar date into its UTC day [midnight, next midnight)', () => {
    expect(parseUtcDay('2027-01-18')).toEqual({
      label: '2027-01-18',
      start: new Date('2027-01-18T00:00:00.000Z'),
      end: new Date('2027-01-19T00:00:00.000Z'),
    });
    expect(parseUtcDay('2028-02-29')?.end).toEqual(new Date('2028-03-01T00:00:00.000Z'));
  });

  it.each(['2027-02-29', '2027-13-01', '2027-00-10', '2027-1-5', '18/01/2027', '2027-01-18T00:00Z', '', 'yesterday'])(
    'refuses %j',
    (text) => {
      expect(parseUtcDay(text)).toBeNull();
    },
  );

  it('knows the day of an instant and the day that ended before it', () => {
    expect(utcDayOf(new Date('2027-01-18T23:59:59.999Z')).label).toBe('2027-01-18');
    expect(dayBefore(new Date('2027-01-18T04:15:00Z')).label).toBe('2027-01-17');
    expect(dayBefore(new Date('2027-01-01T00:00:00Z')).label).toBe('2026-12-31');
  });
});
