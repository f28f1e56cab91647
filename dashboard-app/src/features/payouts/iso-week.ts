const DAY_MS = 24 * 3600 * 1000;

/**
 * An ISO week such as "2026-W47" (Monday to Sunday, UTC) → its number, year and first and last day; null when
 * the text is not such a week.
 */
export function parseIsoWeek(week: string): { year: number; week: number; monday: Date; sunday: Date } | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  // Week 1 is the week with January 4th in it.
  const january4 = Date.UTC(year, 0, 4);
  const week1Monday = january4 - ((new Date(january4).getUTCDay() + 6) % 7) * DAY_MS;
  const monday = week1Monday + (number - 1) * 7 * DAY_MS;
  if (number < 1 || number > isoWeekCount(year)) return null;
  return { year, week: number, monday: new Date(monday), sunday: new Date(monday + 6 * DAY_MS) };
}

/** 53 for a year that starts on a Thursday, or a leap year that starts on a Wednesday; else 52. */
function isoWeekCount(year: number): number {
  const january1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return january1 === 4 || (leap && january1 === 3) ? 53 : 52;
}

const day = (date: Date, withYear: boolean) =>
  date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/** "2026-W47" → { title: "Week 47, 2026", range: "Nov 16 – Nov 22, 2026" }; unknown text is shown as it is. */
export function describeWeek(week: string): { title: string; range: string | null } {
  const parsed = parseIsoWeek(week);
  if (!parsed) return { title: week, range: null };
  const sameYear = parsed.monday.getUTCFullYear() === parsed.sunday.getUTCFullYear();
  return {
    title: `Week ${parsed.week}, ${parsed.year}`,
    range: `${day(parsed.monday, !sameYear)} – ${day(parsed.sunday, true)}`,
  };
}
