export type GuardedAction =
  'login' | 'register' | 'password_change' | 'password_reset' | 'password_reset_confirm' | 'email_confirm';

export interface Attempt {
  action: GuardedAction;
  ip: string;
  /** The account's e-mail address, as given: counted per address (not for password_reset_confirm nor email_confirm). */
  email?: string;
  /**
   * A browser that signed in to this e-mail's account before (its device cookie, verified): a sign-in from it
   * is counted on a counter of its own instead of the account's, so failures elsewhere never lock it out.
   */
  device?: string | null;
}

/**
 * Counts sign-in, sign-up and password attempts per IP address and per e-mail address (or per trusted device)
 * in a store every API process shares. `consume` rejects with a "too many" DomainError once a limit is reached.
 */
export abstract class AttemptLimiter {
  abstract consume(attempt: Attempt): Promise<void>;
  /** Forgets the failed attempts of the e-mail (or of the trusted device it came from) after a success. */
  abstract succeeded(attempt: Attempt): Promise<void>;
}
