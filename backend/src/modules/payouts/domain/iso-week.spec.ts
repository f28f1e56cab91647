import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { hasEnded, isoWeek, isoWeekOf, lastEndedWeek, nextWeek, parseIsoWeek, weeksInYear } from './iso-week.js';
import { weekToPayOut } from './payouts.errors.js';

const at = (iso: string) => new Date(iso);
const bounds = (label: string) => {
  const week = parseIsoWeek(label);
  return week && [week.start.toISOString(), week.end.toISOString()];
};

describe('ISO weeks (UTC, Monday to Monday)', () => {
  it('gives the week of an instant with its Monday 00:00 start and the next Monday as its end', () => {
    expect(isoWeekOf(at('2026-11-22T04:51:00Z'))).toEqual({
      label: '2026-W47',
      year: 2026,
      week: 47,
      start: at('2026-11-16T00:00:00.000Z'),
      end: at('2026-11-23T00:00:00.000Z'),
    });
  });

  it.each([
    ['2026-11-16T00:00:00.000Z', '2026-W47'],
    ['2026-11-22T23:59:59.999Z', '2026-W47'],
    ['2026-11-23T00:00:00.000Z', '2026-W48'],
    ['2026-11-15T23:59:59.999Z', '2026-W46'],
  ])('puts %s in %s (the boundary is Monday 00:00:00.000 UTC)', (instant, label) => {
    expect(isoWeekOf(at(instant)).label).toBe(label);
  });

  it('starts 2026-W01 on Monday 2025-12-29: the days before 1 January belong to the new ISO year', () => {
    expect(bounds('2026-W01')).toEqual(['2025-12-29T00:00:00.000Z', '2026-01-05T00:00:00.000Z']);
    expect(isoWeekOf(at('2025-12-29T00:00:00Z')).label).toBe('2026-W01');
    expect(isoWeekOf(at('2025-12-31T12:00:00Z')).label).toBe('2026-W01');
    expect(isoWeekOf(at('2025-12-28T23:59:59.999Z')).label).toBe('2025-W52');
  });

  it('gives 53-week years their week 53, and the first days of January to the old ISO year', () => {
    expect(bounds('2026-W53')).toEqual(['2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z']);
    expect(isoWeekOf(at('2027-01-03T23:59:59.999Z')).label).toBe('2026-W53');
    expect(isoWeekOf(at('2027-01-04T00:00:00Z')).label).toBe('2027-W01');
    expect(isoWeekOf(at('2021-01-01T00:00:00Z')).label).toBe('2020-W53');
    expect(isoWeekOf(at('2016-01-03T00:00:00Z')).label).toBe('2015-W53');
  });

  it.each([
    [2015, 53],
    [2020, 53],
    [2021, 52],
    [2024, 52],
    [2025, 52],
    [2026, 53],
    [2032, 53],
    [2037, 53],
  ])('knows %i has %i weeks', (year, weeks) => {
    expect(weeksInYear(year)).toBe(weeks);
  });

  it('parses only labels of weeks that exist', () => {
    expect(parseIsoWeek('2026-W53')?.label).toBe('2026-W53');
    expect(parseIsoWeek('2020-W53')?.label).toBe('2020-W53');
    for (const text of [
      '2025-W53',
      '2026-W54',
      '2026-W00',
      '2026-W7',
      '2026W47',
      ' 2026-W47',
      '2026-w47',
      '2026-W47x',
      '26-W47',
      '0000-W01',
      '',
    ]) {
      expect(parseIsoWeek(text)).toBeNull();
    }
    expect(isoWeek(2026, 53)).not.toBeNull();
    expect(isoWeek(2025, 53)).toBeNull();
    expect(isoWeek(2026, 1.5)).toBeNull();
  });

  it('covers time without gaps or overlaps: each week ends where the next starts, and labels round-trip', () => {
    let week = parseIsoWeek('2000-W01')!;
    while (week.year < 2041) {
      const next = nextWeek(week);
      expect(next.start).toEqual(week.end);
      expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * 3600 * 1000);
      expect(week.start.getUTCDay()).toBe(1);
      expect(parseIsoWeek(week.label)).toEqual(week);
      expect(isoWeekOf(new Date(week.end.getTime() - 1)).label).toBe(week.label);
      week = next;
    }
  });

  describe('the week that ended last', () => {
    it.each([
      ['2026-11-23T00:00:05.000Z', '2026-W47'],
      ['2026-11-23T00:00:00.000Z', '2026-W47'],
      ['2026-11-22T23:59:59.999Z', '2026-W46'],
      ['2026-11-25T10:00:00.000Z', '2026-W47'],
      ['2026-01-05T00:00:05.000Z', '2026-W01'],
      ['2026-01-01T00:00:00.000Z', '2025-W52'],
      ['2027-01-04T00:00:05.000Z', '2026-W53'],
    ])('at %s is %s', (now, label) => {
      const week = lastEndedWeek(at(now));
      expect(week.label).toBe(label);
      expect(hasEnded(week, at(now))).toBe(true);
    });
  });

  describe('a week an operator asks to pay out', () => {
    const now = at('2026-11-23T00:00:05Z');

    it('is accepted when it exists and has ended, in either case of "W"', () => {
      expect(weekToPayOut('2026-W47', now).label).toBe('2026-W47');
      expect(weekToPayOut(' 2026-w01 ', now).label).toBe('2026-W01');
      expect(weekToPayOut('2020-W53', now).label).toBe('2020-W53');
    });

    it.each([
      ['2026-47', '"2026-47" is not an ISO week: write it like 2026-W47 (year, "-W", two-digit week)'],
      ['2026-W7', '"2026-W7" is not an ISO week: write it like 2026-W47 (year, "-W", two-digit week)'],
      ['2025-W53', '2025 has 52 ISO weeks, from 2025-W01 to 2025-W52'],
      ['2026-W00', '2026 has 53 ISO weeks, from 2026-W01 to 2026-W53'],
      ['1969-W10', 'The year must be between 1970 and 9999'],
      [
        '2026-W48',
        '2026-W48 has not ended yet: it ends 2026-11-30T00:00:00.000Z; payouts are made for weeks that have ended',
      ],
      [
        '2026-W53',
        '2026-W53 has not ended yet: it ends 2027-01-04T00:00:00.000Z; payouts are made for weeks that have ended',
      ],
    ])('refuses %s', (text, message) => {
      expect(() => weekToPayOut(text, now)).toThrow(aDomainError('invalid', message));
    });
  });
});
