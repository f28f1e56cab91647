import { Injectable } from '@nestjs/common';
import type { ReminderKind } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';
import { Transactions } from '../../../shared/transactions.js';
import { remindersDue } from '../domain/reminder-rule.js';
import { reminderEmail } from './reminder-emails.js';
import { ReminderMetrics } from './reminder-metrics.js';
import { ReminderStore, type UpcomingSession } from './ports/reminder.store.js';

/** Sessions read and locked per transaction. */
const BATCH = 200;

/**
 * The reminders sweep (the worker's `send-reminders`, every minute): PostgreSQL holds everything about what is
 * due — the bookings' sessions, the creator's switches and the reminders already queued — so nothing is lost
 * when the worker restarts or the queue store loses its data, and a sweep that missed minutes catches up.
 * Each batch of sessions is read and locked in one transaction; each reminder due (remindersDue) is recorded in
 * booking_reminders and, only when this sweep recorded it, its e-mail is queued in the outbox in the same
 * transaction, so it goes out once whatever runs at the same time. The queued e-mails are sent once committed.
 */
@Injectable()
export class SendRemindersUseCase {
  constructor(
    private readonly store: ReminderStore,
    private readonly outbox: EmailOutbox,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly metrics: ReminderMetrics,
  ) {}

  /** Queues and sends every reminder due now; how many were queued. */
  async execute(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    let after: { slotStart: Date; bookingId: string } | null = null;
    for (;;) {
      const { count, last, kinds } = await this.transactions.run(async () => {
        const sessions = await this.store.lockUpcoming(now, BATCH, after);
        const sent: ReminderKind[] = [];
        for (const session of sessions) sent.push(...(await this.remind(session, now)));
        return { count: sessions.length, last: sessions.at(-1), kinds: sent };
      });
      for (const kind of kinds) this.metrics.sent(kind);
      queued += kinds.length;
      if (count < BATCH || !last) break;
      after = { slotStart: last.slotStart, bookingId: last.bookingId };
    }
    if (queued > 0) await this.outbox.deliverPending();
    return queued;
  }

  private async remind(session: UpcomingSession, now: Date): Promise<ReminderKind[]> {
    const sent: ReminderKind[] = [];
    for (const kind of remindersDue(session, session.settings, now)) {
      if (session.queued.includes(kind)) continue;
      if (!(await this.store.record(session.bookingId, kind, session.slotStart, now))) continue;
      await this.outbox.enqueue(reminderEmail(kind, session), now);
      sent.push(kind);
    }
    return sent;
  }
}
