/**
 * ISO 8601 weeks in UTC: a week runs from Monday 00:00 UTC to the next Monday 00:00 UTC (end exclusive), and
 * belongs to the ISO year of its Thursday, so 2026-W01 starts on Monday 2025-12-29 and a year has 52 or 53
 * weeks. Labels look like "2026-W47".
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const LABEL = /^(\d{4})-W(\d{2})$/;
export const MIN_ISO_YEAR = 1970;
export const MAX_ISO_YEAR = 9999;

export interface IsoWeek {
  /** "YYYY-Www" */
  readonly label: string;
  readonly year: number;
  readonly week: number;
  /** Monday 00:00:00.000 UTC, inclusive. */
  readonly start: Date;
  /** The next Monday 00:00:00.000 UTC, exclusive. */
  readonly end: Date;
}

/** Monday 00:00 UTC of week 1 of an ISO year: the Monday of the week holding 4 January. */
function week1Monday(year: number): number {
  const jan4 = new Date(0);
  jan4.setUTCFullYear(year, 0, 4); // not Date.UTC, which reads years 0–99 as 1900–1999
  const daysSinceMonday = (jan4.getUTCDay() + 6) % 7;
  return jan4.getTime() - daysSinceMonday * DAY_MS;
}

/** 52, or 53 for years whose 1 January is a Thursday (or a Wednesday in a leap year). */
export function weeksInYear(year: number): number {
  return Math.round((week1Monday(year + 1) - week1Monday(year)) / WEEK_MS);
}

const label = (year: number, week: number) => `${String(year).padStart(4, '0')}-W${String(week).padStart(2, '0')}`;

function make(year: number, week: number): IsoWeek {
  const start = week1Monday(year) + (week - 1) * WEEK_MS;
  return { label: label(year, week), year, week, start: new Date(start), end: new Date(start + WEEK_MS) };
}

/** The week of an ISO year, or null when that year has no such week (2025-W53, week 0, week 54). */
export function isoWeek(year: number, week: number): IsoWeek | null {
  if (!Number.isInteger(year) || !Number.isInteger(week) || year < MIN_ISO_YEAR || year > MAX_ISO_YEAR) return null;
  if (week < 1 || week > weeksInYear(year)) return null;
  return make(year, week);
}

/** Parses "YYYY-Www"; null for anything else, including weeks that do not exist. */
export function parseIsoWeek(text: string): IsoWeek | null {
  const match = LABEL.exec(text);
  if (!match) return null;
  return isoWeek(Number(match[1]), Number(match[2]));
}

/** The week an instant falls in. */
export function isoWeekOf(instant: Date): IsoWeek {
  const time = instant.getTime();
  if (!Number.isFinite(time)) throw new RangeError('Invalid date');
  const daysSinceMonday = (instant.getUTCDay() + 6) % 7;
  const thursday = new Date(time - daysSinceMonday * DAY_MS + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const monday = Math.floor((time - daysSinceMonday * DAY_MS) / DAY_MS) * DAY_MS;
  const week = Math.round((monday - week1Monday(year)) / WEEK_MS) + 1;
  return make(year, week);
}

/** The last week that has fully ended at `now`: a run at Monday 00:00:05 UTC gets the Monday–Sunday just past. */
export function lastEndedWeek(now: Date): IsoWeek {
  return isoWeekOf(new Date(now.getTime() - WEEK_MS));
}

/** The week after this one. */
export function nextWeek(week: IsoWeek): IsoWeek {
  return isoWeekOf(week.end);
}

/** True once the week's last instant is past. */
export const hasEnded = (week: IsoWeek, now: Date): boolean => now.getTime() >= week.end.getTime();
