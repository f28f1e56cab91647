import type { Id } from '../../../../shared/ids.js';

/** One signed-in device: a session of the session store, with what the account's owner is shown of it. */
export interface AccountSession {
  /** Opaque, what the API shows; never the store's session id. */
  id: Id;
  userId: Id;
  /** The session store's id of the session (what its cookie carries, signed). */
  sid: string;
  userAgent: string | null;
  signedInAt: Date;
  /** When the store last moved the session's expiry (at most every ten minutes, see session-store.ts). */
  lastSeenAt: Date;
}

/**
 * The account's signed-in devices: every session in the session store that a sign-in made, with its browser
 * and when it was last used. Ending one removes it from the store every API process reads, so its cookie is
 * refused from the next request on, on every process.
 */
export abstract class AccountSessions {
  /** Registers a session just signed in (after its id was regenerated). */
  abstract add(session: AccountSession): Promise<void>;
  abstract findBySid(sid: string): Promise<AccountSession | null>;
  /** The account's session with this id, if it is still in the store; null otherwise (an unknown id too). */
  abstract findOwned(userId: Id, id: Id): Promise<AccountSession | null>;
  /** The account's sessions still in the store and used since `since`, most recently used first. */
  abstract listForUser(userId: Id, since: Date): Promise<AccountSession[]>;
  /** Ends the session: gone from the store and from this list. Nothing for one already gone. */
  abstract end(sid: string): Promise<void>;
  /** Ends every session of the account but `keepSid` (every one when null); answers how many ended. */
  abstract endAllOf(userId: Id, keepSid: string | null): Promise<number>;
  /** Forgets sessions unused since `before`: the store has let them expire. */
  abstract forgetUnusedSince(before: Date): Promise<void>;
}
