import type { EmailConfirmation } from '../../domain/email-confirmation.js';

/**
 * The links e-mailed to confirm an address: at most one per account and purpose, a newer one replacing the
 * older. Calls join the current transaction.
 */
export abstract class EmailConfirmations {
  /** Stores the link, replacing the account's link of the same purpose if it had one. */
  abstract replace(confirmation: EmailConfirmation): Promise<void>;
  /**
   * Uses the link: removes it and answers it, if it is still valid at `now`; else null. Of two concurrent uses
   * of one link, one gets it and the other null.
   */
  abstract take(tokenHash: string, now: Date): Promise<EmailConfirmation | null>;
}
