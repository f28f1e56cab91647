import { clockOptions, timeLocale } from '@linkbio/shared-contracts';

/** Whom a session's time is told to: the zone and locale they read it in. */
export interface Reader {
  timeZone: string;
  /** A language tag (the visitor's browser's); null: en-US. */
  locale: string | null;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };

/** Intl puts narrow and thin spaces around times ('2:00 PM', '2:00 – 2:45'); a plain-text e-mail reads plain ones. */
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

const range = (start: Date, end: Date, locale: string, options: Intl.DateTimeFormatOptions) =>
  plain(new Intl.DateTimeFormat(locale, options).formatRange(start, end));

/**
 * "Tuesday, March 2, 2027, 2:00 – 2:45 PM (Europe/London)": a session's time in one zone, written as `locale`
 * writes times (timeLocale: English names, the locale's clock; en-GB "Tuesday, 2 March 2027, 14:00 – 14:45").
 */
export function sessionTime(start: Date, end: Date, reader: Reader): string {
  const locale = timeLocale(reader.locale);
  return `${range(start, end, locale, { ...DAY, ...clockOptions(locale), timeZone: reader.timeZone })} (${reader.timeZone})`;
}

/**
 * A session's time as its visitor is told it: in their zone and in the creator's, in the visitor's locale —
 * "Tuesday, March 2, 2027, 9:00 – 9:45 AM your time (America/New_York) — 2:00 – 2:45 PM for Alex (Europe/London)",
 * the creator's date repeated only when it is another day there. Once, when both zones are the same.
 */
export function sessionTimeForVisitor(start: Date, end: Date, visitor: Reader, creator: { name: string; timeZone: string }): string {
  if (visitor.timeZone === creator.timeZone) return sessionTime(start, end, visitor);
  const locale = timeLocale(visitor.locale);
  const clock = clockOptions(locale);
  const theirs = range(start, end, locale, { ...DAY, ...clock, timeZone: visitor.timeZone });
  const day = (timeZone: string) => plain(new Intl.DateTimeFormat(locale, { ...DAY, timeZone }).formatRange(start, end));
  const sameDay = day(visitor.timeZone) === day(creator.timeZone);
  const creatorsTime = range(start, end, locale, { ...(sameDay ? {} : DAY), ...clock, timeZone: creator.timeZone });
  return `${theirs} your time (${visitor.timeZone}) — ${creatorsTime} for ${creator.name} (${creator.timeZone})`;
}
