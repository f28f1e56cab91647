import { clockOptions, DEFAULT_LOCALE, timeLocale, type SlotView } from '@linkbio/shared-contracts';
import { Texts } from '../texts';

/*
 * Open sessions as a visitor reads them: in the time zone they chose, through Intl in their locale (timeLocale:
 * English names, as the page is English, and the locale's clock: en-US '2:00 PM', en-GB and de-DE '14:00'). The
 * server writes them in the request's Accept-Language locale, the browser then in its own (booking-flow.tsx).
 */

const formats = new Map<string, { day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();

function formatsOf(zone: string, locale: string) {
  const key = `${zone}|${locale}`;
  let found = formats.get(key);
  if (!found) {
    const intlLocale = timeLocale(locale);
    found = {
      day: new Intl.DateTimeFormat(intlLocale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' }),
      clock: new Intl.DateTimeFormat(intlLocale, { timeZone: zone, ...clockOptions(intlLocale) }),
    };
    formats.set(key, found);
  }
  return found;
}

/** The space before AM/PM (narrow no-break in newer Intl data, plain in older) as a no-break space: the same everywhere. */
const plain = (text: string) => text.replace(/[\u202f ]/g, '\u00a0');

/** 'Tuesday, March 3' (en-US), 'Tuesday 3 March' (en-GB) */
export const dayLabel = (instant: string, zone: string, locale: string = DEFAULT_LOCALE): string =>
  formatsOf(zone, locale).day.format(new Date(instant));

/** '2:00 PM' (en-US), '14:00' (en-GB, de-DE) */
export const clockLabel = (instant: string, zone: string, locale: string = DEFAULT_LOCALE): string =>
  plain(formatsOf(zone, locale).clock.format(new Date(instant)));

/** 'Tuesday, March 3, 2:00 PM–2:45 PM (Europe/Berlin)' */
export const slotLabel = (slot: SlotView, zone: string, locale: string = DEFAULT_LOCALE): string =>
  Texts.slotLabel(dayLabel(slot.start, zone, locale), clockLabel(slot.start, zone, locale), clockLabel(slot.end, zone, locale), zone);

export interface SlotDay {
  day: string;
  slots: SlotView[];
}

/** The sessions by the day they fall on in `zone`, in order. */
export function slotsByDay(slots: readonly SlotView[], zone: string, locale: string = DEFAULT_LOCALE): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = dayLabel(slot.start, zone, locale);
    const last = days[days.length - 1];
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

/** A YYYY-MM-DD date moved by whole days. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A calendar date's own label ('Tuesday, March 3'), whatever the zone. */
export const dateLabel = (date: string, locale: string = DEFAULT_LOCALE): string => dayLabel(`${date}T12:00:00Z`, 'UTC', locale);

/** The zones to choose from: the runtime's list and the ones in use, sorted, once each. */
export function zoneChoices(zones: readonly string[], ...inUse: string[]): string[] {
  return [...new Set([...zones, ...inUse])].sort();
}
