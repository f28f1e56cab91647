import ICAL from 'ical.js';
import { instantOfWallTime } from '@linkbio/shared-contracts';
import type { BusyTime } from '../application/ports/calendar-busy-times.js';

/** Occurrences looked at per recurring event (a daily event begun years ago still reaches the coming weeks). */
const MAX_STEPS_PER_EVENT = 20_000;
/** Busy times kept per calendar read: more than any real calendar has in two months. */
export const MAX_BUSY_TIMES = 5_000;

const isZone = (zone: string | undefined): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The instant an iCalendar time stands for: UTC as written; a named zone (TZID) the runtime knows by its
 * rules; a zone only described in the file (VTIMEZONE with a non-IANA name), a floating time or an all-day
 * date in the creator's own zone.
 */
function instantOf(time: ICAL.Time, zoneName: string | undefined, creatorZone: string): number {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.isDate ? 0 : time.hour, time.isDate ? 0 : time.minute, time.isDate ? 0 : time.second);
  if (!time.isDate && time.zone?.tzid === 'UTC') return wall;
  return instantOfWallTime(isZone(zoneName) ? zoneName : creatorZone, wall);
}

/** The zone (TZID) an event's start or end is written in, if any. */
const zoneOf = (event: ICAL.Event, property: 'dtstart' | 'dtend'): string | undefined => {
  const zone = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof zone === 'string' ? zone : undefined;
};

const blocksTime = (event: ICAL.Event): boolean => {
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED';
};

/** The time an occurrence (or a single event) takes, when it blocks time and overlaps [from, to). */
function busyOf(item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, from: number, to: number, creatorZone: string): BusyTime | null {
  if (!blocksTime(item)) return null;
  const startZone = zoneOf(item, 'dtstart');
  const startsAt = instantOf(start, startZone, creatorZone);
  const endsAt = instantOf(end, zoneOf(item, 'dtend') ?? startZone, creatorZone);
  if (!(endsAt > startsAt) || endsAt <= from || startsAt >= to) return null;
  return { start: new Date(startsAt), end: new Date(endsAt) };
}

/**
 * The busy times in [from, to) of the calendar objects a CalDAV server sent (each an iCalendar text): every
 * event neither transparent (free) nor cancelled, recurring ones expanded with their moved or cancelled
 * occurrences. Text that is not iCalendar is skipped, as are events without a start.
 */
export function busyTimesOf(objects: readonly string[], from: Date, to: Date, creatorZone: string): BusyTime[] {
  const busy: BusyTime[] = [];
  const [fromMs, toMs] = [from.getTime(), to.getTime()];
  for (const text of objects) {
    let calendar: ICAL.Component;
    try {
      calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    } catch {
      continue;
    }
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const masters = new Map<string, ICAL.Event>();
    for (const event of events) if (!event.isRecurrenceException() && event.startDate) masters.set(event.uid, event);
    for (const event of events) {
      if (!event.startDate) continue;
      if (event.isRecurrenceException()) {
        const master = masters.get(event.uid);
        if (master) master.relateException(event);
        // An occurrence sent without its series stands on its own.
        else push(busy, busyOf(event, event.startDate, event.endDate, fromMs, toMs, creatorZone));
      }
    }
    for (const event of masters.values()) {
      if (!event.isRecurring()) {
        push(busy, busyOf(event, event.startDate, event.endDate, fromMs, toMs, creatorZone));
        continue;
      }
      const zone = zoneOf(event, 'dtstart');
      const occurrences = event.iterator();
      for (let step = 0, next = occurrences.next(); next && step < MAX_STEPS_PER_EVENT; step += 1, next = occurrences.next()) {
        if (instantOf(next, zone, creatorZone) >= toMs) break;
        const details = event.getOccurrenceDetails(next);
        push(busy, busyOf(details.item, details.startDate, details.endDate, fromMs, toMs, creatorZone));
      }
    }
    if (busy.length >= MAX_BUSY_TIMES) break;
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime()).slice(0, MAX_BUSY_TIMES);
}

function push(busy: BusyTime[], time: BusyTime | null): void {
  if (time) busy.push(time);
}
