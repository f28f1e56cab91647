/** One calendar day in UTC: [start, end), end the next day's midnight. */
export interface UtcDay {
  /** YYYY-MM-DD */
  label: string;
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const dayStarting = (start: Date): UtcDay => ({
  label: start.toISOString().slice(0, 10),
  start,
  end: new Date(start.getTime() + DAY_MS),
});

/** The day a YYYY-MM-DD names, or null when it is not a date of the calendar (2027-02-30, 2027-1-5, …). */
export function parseUtcDay(text: string): UtcDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(Date.UTC(year, month - 1, day));
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== day) return null;
  return dayStarting(start);
}

/** The UTC day containing this instant. */
export function utcDayOf(at: Date): UtcDay {
  return dayStarting(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())));
}

/** The UTC day that ended last before this instant (the daily run checks it). */
export function dayBefore(now: Date): UtcDay {
  return utcDayOf(new Date(utcDayOf(now).start.getTime() - DAY_MS));
}
