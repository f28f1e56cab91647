import { clockOptions } from '@linkbio/shared-contracts';
import { viewerTimeLocale } from '@/lib/viewer-locale';

/** The visitor's own time zone, as the browser reports it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tue, Mar 2, 2027, 3:00 – 4:00 PM": a session's time in the visitor's zone (or `timeZone`), in their locale. */
export const formatSession = (start: string, end: string, timeZone?: string) =>
  new Intl.DateTimeFormat(viewerTimeLocale(), { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).formatRange(
    new Date(start),
    new Date(end),
  );

/** "Tuesday, March 2": the day a slot falls on, in the visitor's zone. */
export const formatDay = (iso: string) => new Intl.DateTimeFormat(viewerTimeLocale(), { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));

/** "3:00 PM" ("15:00" in a 24-hour locale): a slot's start, in the visitor's zone. */
export const formatTime = (iso: string) => new Intl.DateTimeFormat(viewerTimeLocale(), clockOptions(viewerTimeLocale())).format(new Date(iso));

/** Today's date (YYYY-MM-DD) in `timeZone`: where the creator's weeks of open times begin. */
export const todayIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/** The date `days` after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
