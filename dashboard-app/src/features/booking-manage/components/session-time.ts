/** The visitor's own time zone, as the browser reports it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tue, Mar 2, 2027, 3:00 – 4:00 PM": a session's time in the visitor's zone. */
export const formatSession = (start: string, end: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).formatRange(
    new Date(start),
    new Date(end),
  );

/** "Tuesday, March 2": the day a slot falls on, in the visitor's zone. */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** "3:00 PM": a slot's start, in the visitor's zone. */
export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Today's date (YYYY-MM-DD) in `timeZone`: where the creator's weeks of open times begin. */
export const todayIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/** The date `days` after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
