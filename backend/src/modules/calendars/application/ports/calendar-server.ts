import type { BusyTime } from './calendar-busy-times.js';

/** Where a creator's calendar is and how to sign in to it (the app password opened, only while in use). */
export interface CalendarAccess {
  url: string;
  username: string;
  password: string;
}

/** A paid session as written into the creator's calendar. */
export interface SessionEvent {
  /** `booking-${bookingId}@linkbio`: the same event is replaced when the session moves. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Where to meet (the invite's LOCATION), null when the session type says nothing. */
  location: string | null;
}

/** Where the event was written in the calendar, to replace or remove it later. */
export interface WrittenEvent {
  href: string;
  etag: string | null;
}

/**
 * The creator's calendar server (CalDAV, RFC 4791). Every method fails with a CalendarProblem when the server
 * cannot be reached (within a few seconds), refuses the sign-in, or is not a calendar; addresses on private
 * networks are refused unless the operator allows them.
 */
export abstract class CalendarServer {
  /** Reads the address once: it must be a calendar collection this sign-in may read. */
  abstract check(access: CalendarAccess): Promise<void>;
  /**
   * The busy times in [from, to): events (recurring ones expanded) that are neither transparent nor cancelled.
   * Times without a zone (floating, all-day) are taken in `timeZone`, the creator's.
   */
  abstract busyTimes(access: CalendarAccess, from: Date, to: Date, timeZone: string): Promise<BusyTime[]>;
  /** Writes the session's event, or replaces the one written before at `href`. */
  abstract writeEvent(access: CalendarAccess, event: SessionEvent, href: string | null): Promise<WrittenEvent>;
  /** Removes an event written before; one already gone counts as removed. */
  abstract removeEvent(access: CalendarAccess, href: string): Promise<void>;
}
