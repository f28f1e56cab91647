import { minutesOf } from '@linkbio/shared-contracts';
import type { Availability } from './availability.js';
import { addDays, isoWeekday, localDateOf, zonedInstant } from './time-zone.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Slot {
  start: Date;
  end: Date;
}

/** Time already taken: a paid or held session, from its start until its end plus the buffer it was booked with. */
export interface Busy {
  start: Date;
  blockedUntil: Date;
}

/** The end of the buffer after a session starting at `start`: what a hold blocks. */
export const blockedUntil = (availability: Availability, start: Date): Date =>
  new Date(start.getTime() + (availability.sessionMinutes + availability.bufferMinutes) * MINUTE);

/**
 * The sessions a visitor may book on `days` dates from `from` (dates in the creator's time zone). In each
 * weekly range, sessions start at the range's start and follow one another every session length plus
 * buffer, as long as a session ends by the range's end (stepping in real time, so a range over a
 * daylight-saving change holds the hours it really has). Dates off give none; a session starting sooner than
 * the minimum notice or later than the horizon is left out, and so is one whose time, buffer after it
 * included, meets a busy range.
 */
export function computeSlots(
  availability: Availability,
  window: { from: string; days: number; now: Date; busy: readonly Busy[] },
): Slot[] {
  const { timeZone, sessionMinutes, bufferMinutes } = availability;
  const earliest = window.now.getTime() + availability.minNoticeHours * HOUR;
  const latest = window.now.getTime() + availability.horizonDays * DAY;
  const datesOff = new Set(availability.datesOff);
  const slots: Slot[] = [];
  for (let offset = 0; offset < window.days; offset += 1) {
    const date = addDays(window.from, offset);
    const midnight = Date.parse(`${date}T00:00:00Z`); // within a day of the zone's midnight
    if (!(midnight <= latest + DAY)) break; // past the horizon (or beyond the calendar)
    if (midnight + 2 * DAY < earliest || datesOff.has(date)) continue;
    const weekday = isoWeekday(date);
    const ranges = availability.weekly.filter((range) => range.day === weekday).sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (const range of ranges) {
      const rangeEnd = zonedInstant(timeZone, date, minutesOf(range.end)).getTime();
      for (let start = zonedInstant(timeZone, date, minutesOf(range.start)).getTime(); ; start += (sessionMinutes + bufferMinutes) * MINUTE) {
        const end = start + sessionMinutes * MINUTE;
        if (end > rangeEnd || start > latest) break;
        const blocked = end + bufferMinutes * MINUTE;
        if (start < earliest || window.busy.some((b) => start < b.blockedUntil.getTime() && b.start.getTime() < blocked)) continue;
        slots.push({ start: new Date(start), end: new Date(end) });
      }
    }
  }
  return slots;
}

/**
 * The instants the sessions of `days` dates from `from` may touch (a day either side covers any zone's offset),
 * or null when none of them can lie between now and the horizon (dates far off, even beyond the calendar).
 */
export function windowAround(availability: Availability, from: string, days: number, now: Date): { from: Date; to: Date } | null {
  const start = Date.parse(`${from}T00:00:00Z`) - DAY;
  const end = start + (days + 2) * DAY;
  if (!(end > now.getTime() && start < now.getTime() + (availability.horizonDays + 1) * DAY)) return null;
  return { from: new Date(start), to: new Date(end) };
}

/**
 * The session starting at `start` when the creator's hours, notice, horizon and dates off offer it (whether
 * it is still free is the hold's to find out), else null.
 */
export function offeredSlot(availability: Availability, start: Date, now: Date): Slot | null {
  const from = addDays(localDateOf(availability.timeZone, start), -1);
  const slots = computeSlots(availability, { from, days: 2, now, busy: [] });
  return slots.find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}
