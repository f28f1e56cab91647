import type { Id } from '../../../../shared/ids.js';

export interface PasswordResetToken {
  userId: Id;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** At most one reset token per account: a newer one replaces it. Calls join the current transaction. */
export abstract class PasswordResetTokens {
  /** Stores the account's token, replacing any token it had. */
  abstract replace(token: PasswordResetToken): Promise<void>;
  /** The token with this hash if it is still valid at `now`, without using it. */
  abstract findValid(tokenHash: string, now: Date): Promise<PasswordResetToken | null>;
  /**
   * Uses the token: removes it and answers its account, if it is still valid at `now`; else null. Of two
   * concurrent uses of one token, one gets the account and the other null.
   */
  abstract take(tokenHash: string, now: Date): Promise<Id | null>;
  /** Ends the account's token, if it has one (its password or its address changed). */
  abstract removeFor(userId: Id): Promise<void>;
}
