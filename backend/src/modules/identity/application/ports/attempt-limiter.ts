export type GuardedAction =
  | 'login'
  | 'register'
  | 'password_change'
  | 'two_factor'
  | 'password_reset'
  | 'password_reset_email'
  | 'password_reset_confirm'
  | 'email_confirm';

export interface Attempt {
  action: GuardedAction;
  ip: string;
  /**
   * The account's e-mail address (as given at sign-in, the account's own once signed in): counted per account
   * (not for password_reset_confirm nor email_confirm), and per account and client address where the action
   * has such a counter.
   */
  email?: string;
  /**
   * A browser that signed in to this e-mail's account before (its device cookie, verified): an attempt from it
   * is counted on a counter of its own instead of the account's, so failures elsewhere never lock it out.
   */
  device?: string | null;
}

/** Where an attempt comes from: the client address and, for a browser that signed in to the account before, its device. */
export type AttemptOrigin = Pick<Attempt, 'ip' | 'device'>;

/**
 * Counts every check of a password or a code, sign-ups and reset e-mails, per client address and per account
 * (or per trusted device) in a store every API process shares: one design for every endpoint, each action with
 * its own allowance (ATTEMPT_LIMITS). `consume` rejects with a "too many" DomainError once a limit is reached.
 */
export abstract class AttemptLimiter {
  abstract consume(attempt: Attempt): Promise<void>;
  /** Counts the attempt as `consume` does, answering false instead of rejecting once a limit is reached. */
  abstract tryConsume(attempt: Attempt): Promise<boolean>;
  /** Forgets the failed attempts of the e-mail (or of the trusted device it came from) after a success. */
  abstract succeeded(attempt: Attempt): Promise<void>;
}
