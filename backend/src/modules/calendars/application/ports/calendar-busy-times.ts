import type { Id } from '../../../../shared/ids.js';

/** A time the creator's own calendar says they are busy. */
export interface BusyTime {
  start: Date;
  end: Date;
}

/**
 * The calendars module's port for scheduling: the busy times last read from the creator's connected calendar
 * (CalDAV). Answers from what was stored at the last read, so a page view never waits on the calendar server
 * and a calendar server that is down or slow never breaks the booking page.
 */
export abstract class CalendarBusyTimes {
  /** The creator's busy times overlapping [from, to); none when no calendar is connected. */
  abstract busy(creatorId: Id, from: Date, to: Date): Promise<BusyTime[]>;
}
