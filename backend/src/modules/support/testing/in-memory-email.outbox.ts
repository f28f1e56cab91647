import type { EmailSender } from '../../../shared/email/email-sender.js';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';

interface Row extends OutgoingEmail {
  createdAt: Date;
  sent: boolean;
}

/** The outbox in memory: one row per dedupe key; delivery hands pending rows to an EmailSender, as the relay does. */
export class InMemoryEmailOutbox extends EmailOutbox {
  private readonly rows: Row[] = [];

  constructor(private readonly sender: EmailSender) {
    super();
  }

  /** Queued e-mails not sent yet. */
  pending(): OutgoingEmail[] {
    return this.rows
      .filter((r) => !r.sent)
      .map(({ dedupeKey, to, subject, text }) => ({ dedupeKey, to, subject, text }));
  }

  enqueue(email: OutgoingEmail, now: Date): Promise<void> {
    if (!this.rows.some((r) => r.dedupeKey === email.dedupeKey))
      this.rows.push({ ...email, createdAt: new Date(now), sent: false });
    return Promise.resolve();
  }

  async deliverPending(): Promise<void> {
    for (const row of this.rows.filter((r) => !r.sent)) {
      try {
        await this.sender.send({ to: row.to, subject: row.subject, text: row.text });
        row.sent = true;
      } catch {
        // Stays pending for the next sweep, as with the relay.
      }
    }
  }
}
