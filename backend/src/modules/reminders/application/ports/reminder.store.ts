import type { BookedLocation, ReminderKind, ReminderSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';
import type { ReminderCandidate } from '../../domain/reminder-rule.js';

/** A session still to come, with what its reminders tell and the creator's switches as they are now. */
export interface UpcomingSession extends ReminderCandidate {
  bookingId: Id;
  slotEnd: Date;
  /** The session type's name as booked; null for bookings made before session types ("Session"). */
  sessionName: string | null;
  /** Where to meet, as booked; null when the booking has none. */
  location: BookedLocation | null;
  visitor: { name: string; email: string; phone: string | null; timeZone: string | null; locale: string | null };
  creator: { id: Id; displayName: string; username: string; email: string; timeZone: string };
  settings: ReminderSettingsView;
  /** The reminders already queued for this start. */
  queued: ReminderKind[];
}

/**
 * Bookings' reminders in PostgreSQL: which sessions may have one due, and which were queued (booking_reminders,
 * one row per booking, kind and start). Both join the surrounding transaction.
 */
export abstract class ReminderStore {
  /**
   * Up to `limit` sessions after `after` (by start, then booking id) that start within the longest lead from
   * `now`, have not started, are in a reminded state, belong to an account not deleted and still have a
   * reminder not queued for their start; each booking row locked (FOR UPDATE SKIP LOCKED), so a second sweep
   * at the same time passes them by and a booking being moved or cancelled waits for the next sweep.
   */
  abstract lockUpcoming(now: Date, limit: number, after: { slotStart: Date; bookingId: Id } | null): Promise<UpcomingSession[]>;
  /** Records the reminder as queued; false when it already was (nothing recorded). */
  abstract record(bookingId: Id, kind: ReminderKind, slotStart: Date, now: Date): Promise<boolean>;
}
