import type { SlotView } from '@linkbio/shared-contracts';
import { Texts } from '../texts';

/*
 * Open sessions as a visitor reads them: in the time zone they chose, in English, 24-hour clock. The same on the
 * server and in the browser (Intl with numeric parts and English names), so the hydrated list matches the HTML.
 */

const formats = new Map<string, { day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();

function formatsOf(zone: string) {
  let found = formats.get(zone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' }),
      clock: new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formats.set(zone, found);
  }
  return found;
}

/** 'Tuesday, 3 March' */
export function dayLabel(instant: string, zone: string): string {
  const parts = Object.fromEntries(
    formatsOf(zone)
      .day.formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday}, ${parts.day} ${parts.month}`;
}

/** '14:00' */
export const clockLabel = (instant: string, zone: string): string => formatsOf(zone).clock.format(new Date(instant));

/** 'Tuesday, 3 March, 14:00–14:45 (Europe/Berlin)' */
export const slotLabel = (slot: SlotView, zone: string): string =>
  Texts.slotLabel(dayLabel(slot.start, zone), clockLabel(slot.start, zone), clockLabel(slot.end, zone), zone);

export interface SlotDay {
  day: string;
  slots: SlotView[];
}

/** The sessions by the day they fall on in `zone`, in order. */
export function slotsByDay(slots: readonly SlotView[], zone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = dayLabel(slot.start, zone);
    const last = days[days.length - 1];
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

/** A YYYY-MM-DD date moved by whole days. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A calendar date's own label ('Tuesday, 3 March'), whatever the zone. */
export const dateLabel = (date: string): string => dayLabel(`${date}T12:00:00Z`, 'UTC');

/** The zones to choose from: the runtime's list and the ones in use, sorted, once each. */
export function zoneChoices(zones: readonly string[], ...inUse: string[]): string[] {
  return [...new Set([...zones, ...inUse])].sort();
}
