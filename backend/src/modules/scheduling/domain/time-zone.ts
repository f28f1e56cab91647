import { canonicalTimeZone } from '@linkbio/shared-contracts';

/**
 * Wall-clock times in an IANA time zone, read through the runtime's own time zone database (Intl), so
 * daylight-saving changes are whatever the zone's rules say. Dates are 'YYYY-MM-DD' strings.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `instant`, read as if it were UTC (milliseconds). */
function wallClockMs(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
const offsetAt = (zone: string, instant: number): number => wallClockMs(zone, Math.floor(instant / 1000) * 1000) - Math.floor(instant / 1000) * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant when the zone's clocks show `minutes` after midnight of `date` (1440 is the next midnight).
 * As Temporal's 'compatible' rule: a time skipped by a spring-forward change is read with the offset before
 * the change (02:30 on that day in New York is 03:30 EDT); a time that happens twice takes the earlier one.
 */
export function zonedInstant(zone: string, date: string, minutes: number): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const before = wall - offsetAt(zone, wall - DAY_MS);
  const after = wall - offsetAt(zone, wall + DAY_MS);
  const fits = [before, after].filter((candidate) => wallClockMs(zone, candidate) === wall);
  return new Date(fits.length > 0 ? Math.min(...fits) : before);
}

/** The zone's calendar date at `instant`. */
export const localDateOf = (zone: string, instant: Date): string =>
  new Date(wallClockMs(zone, instant.getTime())).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday of a date: Monday = 1 … Sunday = 7. */
export const isoWeekday = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The zone's name as the runtime's database writes it (letter case), keeping the name given for renamed zones. */
export function canonicalZone(zone: string): string {
  return canonicalTimeZone(zone) ?? zone;
}
