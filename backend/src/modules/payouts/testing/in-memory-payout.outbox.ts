import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';

/** The outbox in memory: one e-mail per dedupe key, as email_outbox keeps them. */
export class InMemoryPayoutOutbox extends EmailOutbox {
  readonly queued: OutgoingEmail[] = [];
  deliveries = 0;

  enqueue(email: OutgoingEmail): Promise<void> {
    if (!this.queued.some((e) => e.dedupeKey === email.dedupeKey)) this.queued.push({ ...email });
    return Promise.resolve();
  }

  deliverPending(): Promise<void> {
    this.deliveries += 1;
    return Promise.resolve();
  }
}
