import { describe, expect, it } from 'vitest';
import { describeWeek, parseIsoWeek } from './iso-week';

const day = (date: Date) => date.toISOString().slice(0, 10);

describe('parseIsoWeek', () => {
  it.each([
    ['2026-W01', '2025-12-29', '2026-01-04'],
    ['2026-W47', '2026-11-16', '2026-11-22'],
    ['2026-W53', '2026-12-28', '2027-01-03'],
    ['2027-W01', '2027-01-04', '2027-01-10'],
    ['2024-W01', '2024-01-01', '2024-01-07'],
    ['2020-W53', '2020-12-28', '2021-01-03'],
  ])('%s runs from Monday %s to Sunday %s', (week, monday, sunday) => {
    const parsed = parseIsoWeek(week);
    expect(parsed && [day(parsed.monday), day(parsed.sunday)]).toEqual([monday, sunday]);
  });

  it.each(['2026-W00', '2025-W53', '2026-W54', '2026-47', 'W47', ''])('does not read %p', (week) => {
    expect(parseIsoWeek(week)).toBeNull();
  });
});

describe('describeWeek', () => {
  it('names the week and its Monday to Sunday', () => {
    expect(describeWeek('2026-W47')).toEqual({ title: 'Week 47, 2026', range: 'Nov 16 – Nov 22, 2026' });
    expect(describeWeek('2026-W53')).toEqual({ title: 'Week 53, 2026', range: 'Dec 28, 2026 – Jan 3, 2027' });
  });

  it('shows text it cannot read as it is', () => {
    expect(describeWeek('soon')).toEqual({ title: 'soon', range: null });
  });
});
