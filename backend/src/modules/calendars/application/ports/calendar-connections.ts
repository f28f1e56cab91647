import type { BookedLocation } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';
import type { BusyTime } from './calendar-busy-times.js';

/** A creator's connected calendar as stored: the app password only sealed. */
export interface CalendarConnection {
  creatorId: Id;
  url: string;
  username: string;
  passwordSealed: string;
  writeSessions: boolean;
  lastReadAt: Date | null;
  lastError: string | null;
}

/** A connection taken by a sweep, with the creator's time zone (for times without one in their calendar). */
export interface ClaimedConnection extends CalendarConnection {
  timeZone: string;
}

/** A paid upcoming session not yet in the calendar as booked (never written, or moved since). */
export interface SessionToWrite {
  bookingId: Id;
  start: Date;
  end: Date;
  sessionName: string;
  visitorName: string;
  visitorEmail: string;
  location: BookedLocation | null;
  /** Where an earlier version was written, to replace it in place. */
  href: string | null;
}

/** A session written into the calendar whose booking is no longer going ahead (cancelled, refunded, gone). */
export interface EventToRemove {
  bookingId: Id;
  href: string;
}

/**
 * The calendar connections and what was read from and written to each. PostgreSQL decides what is due, so
 * nothing is lost while a calendar server is down: the next sweep finds the same work.
 */
export abstract class CalendarConnections {
  abstract find(creatorId: Id): Promise<CalendarConnection | null>;
  /** The creator's time zone (their availability's; UTC before they set one), for times without a zone. */
  abstract timeZoneOf(creatorId: Id): Promise<string>;
  /**
   * Connects (or replaces) the creator's calendar with the busy times just read, in one transaction. Another
   * address or user name forgets the sessions written into the calendar before (they stay there).
   */
  abstract connect(connection: Omit<CalendarConnection, 'lastReadAt' | 'lastError'>, busy: BusyTime[], at: Date): Promise<void>;
  /** Disconnects: the connection, its busy times and the record of sessions written go together. False when none. */
  abstract disconnect(creatorId: Id): Promise<boolean>;
  /**
   * Takes up to `limit` connections not tried since `triedBefore` (marking them tried `at`), so several workers
   * never read one calendar at once.
   */
  abstract claimDue(triedBefore: Date, at: Date, limit: number): Promise<ClaimedConnection[]>;
  /** Replaces the busy times with those just read and clears the error, in one transaction. */
  abstract recordRead(creatorId: Id, busy: BusyTime[], at: Date): Promise<void>;
  /** Keeps the busy times last read and notes why this read (or write) failed. */
  abstract recordFailure(creatorId: Id, message: string): Promise<void>;
  /** Seals the app password again (with the newest key, while SESSION_SECRET is rotated). */
  abstract reseal(creatorId: Id, passwordSealed: string): Promise<void>;
  /** Connections writing sessions that have sessions to write or events to remove. */
  abstract withPendingWrites(now: Date, limit: number): Promise<CalendarConnection[]>;
  abstract sessionsToWrite(creatorId: Id, now: Date, limit: number): Promise<SessionToWrite[]>;
  abstract eventsToRemove(creatorId: Id, limit: number): Promise<EventToRemove[]>;
  abstract markWritten(creatorId: Id, bookingId: Id, written: { href: string; etag: string | null }, start: Date, at: Date): Promise<void>;
  abstract forgetWritten(bookingId: Id): Promise<void>;
}
