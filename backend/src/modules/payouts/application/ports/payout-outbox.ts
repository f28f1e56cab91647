import type { OutgoingEmail } from '../../../../shared/email/outgoing-email.js';

/**
 * The payouts module's way to the shared e-mail outbox (email_outbox, sent by EmailOutboxRelay): a notice is
 * queued in the transaction that changes the payout, so it goes out only if that change commits, and once
 * per dedupe key (a payout and the kind of notice) however often the change is attempted.
 */
export abstract class PayoutOutbox {
  /** Queues the e-mail in the current transaction; a second e-mail with the same dedupe key is dropped. */
  abstract enqueue(email: OutgoingEmail, now: Date): Promise<void>;
  /** Sends what is queued; never rejects (a failed send stays queued for the worker's sweep). */
  abstract deliverPending(): Promise<void>;
}
