/**
 * Wall-clock times in an IANA time zone, read through the runtime's own time zone database (Intl), so
 * daylight-saving changes are whatever the zone's rules say. One piece for the API (sessions' slots) and the
 * dashboard (links' schedules).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The calendar fields of `instant` on the clocks of `timeZone`. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** The wall clock of `timeZone` at `instant` (ms), read as if it were UTC (ms). */
export function wallClockMs(timeZone: string, instant: number): number {
  const wall = wallTimeIn(new Date(instant), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds (New York in winter: -5 h). */
const offsetAt = (timeZone: string, instant: number): number => {
  const second = Math.floor(instant / 1000) * 1000;
  return wallClockMs(timeZone, second) - second;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant (ms) at which the clocks of `timeZone` show `wall` (a wall time written as UTC ms). Around a
 * clock change the wall time is tried with the offset in force before it and the one after it (a day either
 * side), and a try counts only if that instant shows the same wall time again, as Temporal's 'compatible' rule:
 * a time shown twice (the autumn change) is its first occurrence; a time the clocks skip (the spring change) is
 * read with the offset before it, so it moves forward by the gap (02:30 becomes 03:30).
 */
export function instantOfWallTime(timeZone: string, wall: number): number {
  const before = wall - offsetAt(timeZone, wall - DAY_MS);
  const after = wall - offsetAt(timeZone, wall + DAY_MS);
  const fits = [before, after].filter((candidate) => wallClockMs(timeZone, candidate) === wall);
  return fits.length > 0 ? Math.min(...fits) : before;
}
