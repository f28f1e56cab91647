import { addDays, canonicalZone, isoWeekday, localDateOf, zonedInstant } from './time-zone.js';

const at = (zone: string, date: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return zonedInstant(zone, date, h! * 60 + m!).toISOString();
};

describe('wall-clock times in a time zone', () => {
  it('reads standard and daylight time from the zone rules', () => {
    expect(at('America/New_York', '2027-01-11', '09:00')).toBe('2027-01-11T14:00:00.000Z');
    expect(at('America/New_York', '2027-07-12', '09:00')).toBe('2027-07-12T13:00:00.000Z');
    expect(at('Europe/Berlin', '2027-01-11', '09:00')).toBe('2027-01-11T08:00:00.000Z');
    expect(at('Europe/Berlin', '2027-07-12', '09:00')).toBe('2027-07-12T07:00:00.000Z');
    expect(at('Asia/Kolkata', '2027-07-12', '09:00')).toBe('2027-07-12T03:30:00.000Z');
  });

  it('moves a time skipped by the spring change forward by the gap', () => {
    expect(at('America/New_York', '2027-03-14', '02:30')).toBe('2027-03-14T07:30:00.000Z'); // 03:30 EDT
    expect(at('Europe/Berlin', '2027-03-28', '02:30')).toBe('2027-03-28T01:30:00.000Z'); // 03:30 CEST
  });

  it('takes the earlier of a time that happens twice at the autumn change', () => {
    expect(at('America/New_York', '2027-11-07', '01:30')).toBe('2027-11-07T05:30:00.000Z'); // 01:30 EDT
    expect(at('Europe/Berlin', '2027-10-31', '02:30')).toBe('2027-10-31T00:30:00.000Z'); // 02:30 CEST
  });

  it('reads 24:00 as the next midnight', () => {
    expect(at('Europe/Berlin', '2027-01-11', '24:00')).toBe('2027-01-11T23:00:00.000Z');
  });

  it('gives the local date of an instant, weekdays and date steps', () => {
    expect(localDateOf('Asia/Tokyo', new Date('2027-01-03T23:00:00Z'))).toBe('2027-01-04');
    expect(localDateOf('America/Los_Angeles', new Date('2027-01-04T05:00:00Z'))).toBe('2027-01-03');
    expect(isoWeekday('2027-01-04')).toBe(1);
    expect(isoWeekday('2027-01-10')).toBe(7);
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('spells a zone the canonical way', () => {
    expect(canonicalZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('UTC')).toBe('UTC');
    expect(canonicalZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});
