/**
 * The creator's private calendar feed: an address (`/calendar/{token}.ics`) their calendar app subscribes to,
 * listing their sessions booked at a set time. Whoever holds the address reads the feed, so it is shown only to
 * its creator and can be replaced (the old address then stops working at once).
 */

/** GET /api/users/calendar-feed and POST /api/users/calendar-feed/replace: the feed's address. */
export interface CalendarFeedView {
  url: string;
}

/** The calendar's name as calendar apps show it (X-WR-CALNAME). */
export const CALENDAR_FEED_NAME = 'Linkbio sessions';
/** How far back the feed reaches: sessions that started in the last this many days, and every later one. */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** Feed reads a client address may make in 10 minutes (an address cannot be guessed by trying many). */
export const CALENDAR_FEED_READS_PER_IP_PER_10_MINUTES = 120;
/** Reads of one feed address in 10 minutes, from anywhere: calendar apps ask every few minutes at most. */
export const CALENDAR_FEED_READS_PER_FEED_PER_10_MINUTES = 30;

/** The feed's path for a token. */
export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;

export const CalendarFeedMessages = {
  notFound: 'This calendar feed does not exist. Copy the current address from your dashboard.',
  tooMany: (minutes: number) =>
    `Too many calendar feed requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  title: 'Calendar feed',
  description: 'Your booked sessions in your own calendar app, kept up to date.',
  explanation:
    'Subscribe to this address from Google Calendar, Apple Calendar or Outlook ("Add calendar from URL") to see every session booked with you, with where to meet and what your visitor told you. Keep it private: anyone who has the address can read it.',
  addressLabel: 'Calendar feed address',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the address and copy it yourself.',
  replace: 'Replace address',
  replaceConfirm:
    'The current address stops working at once: every calendar subscribed to it must be given the new one.',
  replaceConfirmButton: 'Replace',
  cancel: 'Cancel',
  replaced: 'A new address is ready. The old one no longer works.',
  loading: 'Loading your calendar feed…',
  loadFailed: 'Could not load your calendar feed. Try again.',
  retry: 'Try again',
  replaceFailed: 'Could not replace the address. Try again.',
} as const;
