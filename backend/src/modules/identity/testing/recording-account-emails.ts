import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { AccountEmails } from '../application/ports/account-emails.js';

/** The outbox in memory: queued e-mails, and those handed over ("sent") while the mail server is up. */
export class RecordingAccountEmails extends AccountEmails {
  readonly queued: OutgoingEmail[] = [];
  readonly sent: OutgoingEmail[] = [];
  /** While true, sending fails as with a mail server that is down: what is queued stays queued. */
  failing = false;

  async enqueue(email: OutgoingEmail): Promise<void> {
    if (!this.queued.some((queued) => queued.dedupeKey === email.dedupeKey)) this.queued.push({ ...email });
  }

  async deliver(): Promise<void> {
    if (this.failing) return;
    while (this.queued.length > 0) this.sent.push(this.queued.shift()!);
  }

  /** Nothing to forget: `sent` stands for what left, not for a stored copy. */
  async forgetSecret(): Promise<void> {}
}
