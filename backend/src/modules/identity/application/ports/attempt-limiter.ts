export type GuardedAction = 'login' | 'register';

export interface Attempt {
  action: GuardedAction;
  ip: string;
  email: string;
}

/**
 * Counts sign-in and sign-up attempts per IP address and per e-mail address in a store every API process
 * shares. `consume` rejects with a "too many" DomainError once a limit is reached.
 */
export abstract class AttemptLimiter {
  abstract consume(attempt: Attempt): Promise<void>;
  /** Forgets the e-mail's failed attempts after a successful sign-in. */
  abstract succeeded(attempt: Attempt): Promise<void>;
}
