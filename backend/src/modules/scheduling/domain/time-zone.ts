import { canonicalTimeZone, instantOfWallTime, wallClockMs } from '@linkbio/shared-contracts';

/** Dates in a zone, as 'YYYY-MM-DD' strings; the wall clock itself is shared-contracts' (wall-clock.ts). */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant when the zone's clocks show `minutes` after midnight of `date` (1440 is the next midnight): a
 * time skipped by a spring-forward change moves forward by the gap; a time that happens twice takes the earlier.
 */
export const zonedInstant = (zone: string, date: string, minutes: number): Date =>
  new Date(instantOfWallTime(zone, Date.parse(`${date}T00:00:00Z`) + minutes * 60_000));

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
