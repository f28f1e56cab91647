/*
 * Paid sessions at set times: limits, messages and time zone checks, without class-validator, so the public
 * booking page's bundle can take them without the DTO classes (scheduling.dto.ts).
 */

export const SCHEDULING_LIMITS = {
  sessionMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  minNoticeHours: { min: 0, max: 168 },
  horizonDays: { min: 1, max: 365 },
  cancellationHours: { min: 0, max: 168 },
  /** Ranges in one week (ten a day). */
  weeklyRanges: 70,
  datesOff: 366,
  slotDays: { min: 1, max: 31 },
} as const;

/** How long a picked slot stays held while the visitor pays. */
export const SLOT_HOLD_MINUTES = 10;
/** Live holds (not paid, not expired) one visitor may have at once. */
export const LIVE_HOLDS_PER_VISITOR = 3;
/** Booking requests per client address, and per customer e-mail, within the hour. */
export const BOOKINGS_PER_IP_PER_HOUR = 20;
export const BOOKINGS_PER_EMAIL_PER_HOUR = 10;
/** Uses of booking manage links (/booking/{token}) per client address within 10 minutes. */
export const BOOKING_LINK_LOOKUPS_PER_10_MINUTES = 60;

/** ISO weekdays, Monday = 1. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const SchedulingMessages = {
  timeZone: 'Time zone must be an IANA time zone such as Europe/Berlin.',
  sessionMinutes: 'Session length must be between 15 and 240 minutes.',
  bufferMinutes: 'Buffer between sessions must be between 0 and 120 minutes.',
  minNoticeHours: 'Minimum notice must be between 0 and 168 hours.',
  horizonDays: 'How far ahead visitors may book must be between 1 and 365 days.',
  cancellationHours: 'Cancellation window must be between 0 and 168 hours.',
  weekly: `Weekly hours must be a list of at most ${SCHEDULING_LIMITS.weeklyRanges} ranges, each with a day, a start and an end.`,
  day: 'Day must be a whole number from 1 (Monday) to 7 (Sunday).',
  time: 'Start and end must be times such as 09:00 or 17:30 (00:00 to 24:00).',
  endAfterStart: 'Each range must end after it starts.',
  overlap: (day: number, first: string, second: string) =>
    `Hours on ${WEEKDAY_NAMES[day - 1] ?? 'one day'} overlap: ${first} and ${second}.`,
  datesOff: `Dates off must be a list of at most ${SCHEDULING_LIMITS.datesOff} dates such as 2027-01-31.`,
  from: 'from must be a date such as 2027-01-31.',
  days: 'days must be a whole number from 1 to 31.',
  type: 'type must be the id of one of the creator\'s session types.',
  slotStart: 'slotStart must be a date and time such as 2027-01-31T14:00:00Z.',
  slotRequired: 'Please pick a time for your session.',
  noSetTimes: 'This creator does not take bookings at set times: book without picking a time.',
  slotNotOffered: 'This time is not available. Please pick another.',
  slotTaken: 'This time was just taken. Please pick another.',
  tooManyHolds: `You are already holding ${LIVE_HOLDS_PER_VISITOR} times. Please pay for one, or wait ${SLOT_HOLD_MINUTES} minutes for them to be released.`,
  tooManyBookings: (minutes: number) =>
    `Too many booking requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  cursor: 'This page of bookings is out of date. Please reload the list.',
  limit: 'limit must be a whole number from 1 to 100.',
} as const;

/** A time zone the runtime's time zone database knows (IANA names, e.g. America/New_York). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone as the time zone database spells it when only the capitals differ ('asia/tokyo' → 'Asia/Tokyo'), a
 * current name the runtime knows under an older one as given (Asia/Kolkata, not Asia/Calcutta); null for no zone.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (!isTimeZone(value)) return null;
  const known = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  return known.toLowerCase() === value.toLowerCase() ? known : value;
}
