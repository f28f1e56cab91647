import { REMINDER_KINDS, type ReminderKind } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { LONGEST_LEAD_MS, REMINDED_STATUSES } from '../domain/reminder-rule.js';
import { ReminderStore, type UpcomingSession } from '../application/ports/reminder.store.js';

/** Sessions and queued reminders in memory, read as PostgresReminderStore reads them (no locks: one caller). */
export class InMemoryReminderStore extends ReminderStore {
  readonly sessions = new Map<Id, UpcomingSession>();
  /** `bookingId kind slotStart(ISO)` of every reminder recorded. */
  readonly recorded = new Set<string>();

  private key = (bookingId: Id, kind: ReminderKind, slotStart: Date) => `${bookingId} ${kind} ${slotStart.toISOString()}`;

  async lockUpcoming(now: Date, limit: number, after: { slotStart: Date; bookingId: Id } | null): Promise<UpcomingSession[]> {
    const at = now.getTime();
    const queuedFor = (session: UpcomingSession) => REMINDER_KINDS.filter((kind) => this.recorded.has(this.key(session.bookingId, kind, session.slotStart)));
    const position = (session: { slotStart: Date; bookingId: Id }) => `${session.slotStart.toISOString()} ${session.bookingId}`;
    return [...this.sessions.values()]
      .filter((session) => (REMINDED_STATUSES as readonly string[]).includes(session.status))
      .filter((session) => session.slotStart.getTime() > at && session.slotStart.getTime() <= at + LONGEST_LEAD_MS)
      .filter((session) => queuedFor(session).length < REMINDER_KINDS.length)
      .filter((session) => !after || position(session) > position(after))
      .sort((a, b) => position(a).localeCompare(position(b)))
      .slice(0, limit)
      .map((session) => ({ ...session, queued: queuedFor(session) }));
  }

  async record(bookingId: Id, kind: ReminderKind, slotStart: Date): Promise<boolean> {
    const key = this.key(bookingId, kind, slotStart);
    if (this.recorded.has(key)) return false;
    this.recorded.add(key);
    return true;
  }
}
