import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { isId, newId, type Id } from '../../../shared/ids.js';
import { cannotEndCurrentSession, sessionNotFound } from '../domain/account-security.errors.js';
import { SESSION_LIFETIME_MS } from '../identity.constants.js';
import { AccountSessions, type AccountSession } from './ports/account-sessions.js';

/** A user agent longer than this is kept cut (no browser sends one this long). */
const USER_AGENT_KEPT = 512;

export interface ListedSession {
  session: AccountSession;
  /** The session the list was asked from. */
  current: boolean;
}

/** The account's signed-in devices: registered at sign-in, listed, and ended one by one or all but this one. */
@Injectable()
export class SignedInSessionsUseCase {
  constructor(
    private readonly sessions: AccountSessions,
    private readonly clock: Clock,
  ) {}

  /**
   * Registers the session a sign-in just made (its id regenerated); `signedInAt` keeps the time of a sign-in
   * whose session only got a new id. Sessions the store let expire are forgotten on the way.
   */
  async signedIn(userId: Id, sid: string, userAgent: string | undefined, signedInAt?: Date): Promise<void> {
    const now = this.clock.now();
    await this.sessions.add({
      id: newId(),
      userId,
      sid,
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_KEPT) : null,
      signedInAt: signedInAt ?? now,
      lastSeenAt: now,
    });
    await this.sessions.forgetUnusedSince(this.expiredBefore(now));
  }

  /** The listed session with this store id, if it is one. */
  sessionOf(sid: string): Promise<AccountSession | null> {
    return this.sessions.findBySid(sid);
  }

  /** This account's sessions, most recently used first, the one asking marked. */
  async list(userId: Id, currentSid: string): Promise<ListedSession[]> {
    const sessions = await this.sessions.listForUser(userId, this.expiredBefore(this.clock.now()));
    return sessions.map((session) => ({ session, current: session.sid === currentSid }));
  }

  /** Ends one of the account's other sessions; an id that is not one of them is "not found", whatever it is. */
  async end(userId: Id, currentSid: string, id: string): Promise<void> {
    const session = isId(id) ? await this.sessions.findOwned(userId, id) : null;
    if (!session || session.lastSeenAt < this.expiredBefore(this.clock.now())) throw sessionNotFound();
    if (session.sid === currentSid) throw cannotEndCurrentSession();
    await this.sessions.end(session.sid);
  }

  /** Ends every session of the account but the one asking. */
  endOthers(userId: Id, currentSid: string): Promise<number> {
    return this.sessions.endAllOf(userId, currentSid);
  }

  private expiredBefore(now: Date): Date {
    return new Date(now.getTime() - SESSION_LIFETIME_MS);
  }
}
