import type { OutgoingEmail } from './outgoing-email.js';

/**
 * E-mails sent through the shared outbox (email_outbox and EmailOutboxRelay, which hands them to the
 * EmailSender port): queued in the transaction of the change they tell about (a support request, a payout's
 * state), so one goes out only if that change commits, and once per dedupe key; delivered after it commits.
 */
export abstract class EmailOutbox {
  /** Queues the e-mail in the current transaction; a second e-mail with the same dedupe key is dropped. */
  abstract enqueue(email: OutgoingEmail, now: Date): Promise<void>;
  /**
   * Sends what is queued; never rejects. An e-mail that fails stays queued and is retried by the worker's
   * sweep, so a failed send never undoes the change.
   */
  abstract deliverPending(): Promise<void>;
}
