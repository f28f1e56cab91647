import type { ReminderKind, ReminderSettingsView } from '@linkbio/shared-contracts';

const HOUR = 3_600_000;

/** Who a reminder goes to and how long before the session's start. */
export const REMINDERS: Readonly<Record<ReminderKind, { to: 'visitor' | 'creator'; leadMs: number }>> = {
  visitor24h: { to: 'visitor', leadMs: 24 * HOUR },
  visitor1h: { to: 'visitor', leadMs: HOUR },
  creator24h: { to: 'creator', leadMs: 24 * HOUR },
  creator1h: { to: 'creator', leadMs: HOUR },
};

/** The longest lead: sessions further away than this have nothing due yet. */
export const LONGEST_LEAD_MS = 24 * HOUR;

/**
 * The booking states whose session still takes place: paid, or paid and refunded in part at the provider.
 * Never cancelled, refund_due, refunded, refund_failed, nor unpaid (pending_payment, failed, expired).
 */
export const REMINDED_STATUSES = ['paid', 'partially_refunded'] as const;

/** What the rule reads of a booking. */
export interface ReminderCandidate {
  status: string;
  slotStart: Date;
  paidAt: Date;
  /** When the visitor last moved the session, else null. */
  rescheduledAt: Date | null;
}

/**
 * The moment a reminder is planned for: its lead before the session's start. It is sent only when, at `now`:
 *   - the booking is in a REMINDED_STATUSES state and the session has not started;
 *   - its moment has come (moment ≤ now);
 *   - its moment came after the session was planned: not before the booking was paid nor, once moved, before it
 *     was moved (paid 3 hours before the start → no 24-hour reminder; moved to 30 minutes from now → none: the
 *     move's own e-mail told the new time);
 *   - a 24-hour reminder not sent by the time the 1-hour one is due is dropped (one late e-mail saying
 *     "tomorrow" an hour before would be wrong);
 *   - the creator has it switched on (read at the moment of sending, so switching one off stops those not
 *     sent yet).
 * Whether it was already sent is the store's part (booking_reminders, one row per booking, kind and start).
 */
export function remindersDue(booking: ReminderCandidate, settings: ReminderSettingsView, now: Date): ReminderKind[] {
  if (!(REMINDED_STATUSES as readonly string[]).includes(booking.status)) return [];
  const start = booking.slotStart.getTime();
  const at = now.getTime();
  if (at >= start) return [];
  const plannedAt = Math.max(booking.paidAt.getTime(), booking.rescheduledAt?.getTime() ?? 0);
  return (Object.keys(REMINDERS) as ReminderKind[]).filter((kind) => {
    const moment = start - REMINDERS[kind].leadMs;
    if (!settings[kind] || moment > at || moment < plannedAt) return false;
    // The 24-hour reminder's time ends where the 1-hour one's begins.
    return REMINDERS[kind].leadMs === HOUR || at < start - HOUR;
  });
}
