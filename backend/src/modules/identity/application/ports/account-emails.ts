import type { OutgoingEmail } from '../../../../shared/email/outgoing-email.js';

/**
 * The account's e-mails, through the shared outbox (email_outbox, sent by EmailOutboxRelay): queued in the
 * transaction of the change they tell about, delivered once it has committed.
 */
export abstract class AccountEmails {
  /** Queues the e-mail in the current transaction; a second e-mail with the same dedupe key is dropped. */
  abstract enqueue(email: OutgoingEmail, now: Date): Promise<void>;
  /** Sends what is queued; never rejects (what fails stays queued for the worker's sweep). */
  abstract deliver(): Promise<void>;
  /** Once the e-mail with this key is sent, its stored copy no longer holds the secret of its link. Never rejects. */
  abstract forgetSecret(dedupeKey: string): Promise<void>;
}
