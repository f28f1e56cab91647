import { Inject, Injectable } from '@nestjs/common';
import type { SessionData, Store } from 'express-session';
import type { Id } from '../../../shared/ids.js';
import { AccountSessions, type AccountSession } from '../application/ports/account-sessions.js';
import { SESSION_STORE } from '../identity.tokens.js';
import { PostgresSessionRegistry } from './postgres-session-registry.js';

type Signed = SessionData & { passport?: { user?: string } };

/**
 * AccountSessions over the account_sessions table and the session store itself. A row counts only while the
 * store still holds its session for that account (a session the store lost or let expire is forgotten when
 * seen). Ending a session destroys it in the store (Redis or PostgreSQL) that every API process reads on every
 * request, so its cookie is refused at once everywhere; the store, kept in step with the table
 * (session-events.ts), removes the row as it destroys the session.
 */
@Injectable()
export class StoreAccountSessions extends AccountSessions {
  constructor(
    private readonly registry: PostgresSessionRegistry,
    @Inject(SESSION_STORE) private readonly store: Store,
  ) {
    super();
  }

  add(session: AccountSession): Promise<void> {
    return this.registry.add(session);
  }

  findBySid(sid: string): Promise<AccountSession | null> {
    return this.registry.findBySid(sid);
  }

  async findOwned(userId: Id, id: Id): Promise<AccountSession | null> {
    const session = await this.registry.findOwned(userId, id);
    return session && (await this.alive(session)) ? session : null;
  }

  async listForUser(userId: Id, since: Date): Promise<AccountSession[]> {
    const sessions = await this.registry.listForUser(userId, since);
    const alive = await Promise.all(sessions.map((session) => this.alive(session)));
    return sessions.filter((_, index) => alive[index]);
  }

  end(sid: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.store.destroy(sid, (error?: unknown) => (error ? reject(toError(error)) : resolve())),
    );
  }

  async endAllOf(userId: Id, keepSid: string | null): Promise<number> {
    const ending = (await this.registry.sidsOf(userId)).filter((sid) => sid !== keepSid);
    await Promise.all(ending.map((sid) => this.end(sid)));
    return ending.length;
  }

  forgetUnusedSince(before: Date): Promise<void> {
    return this.registry.forgetUnusedSince(before);
  }

  /** Whether the store still holds the session, signed in to its account; a row whose session is gone is forgotten. */
  private async alive(session: AccountSession): Promise<boolean> {
    const data = await new Promise<Signed | null | undefined>((resolve, reject) =>
      this.store.get(session.sid, (error: unknown, found?: SessionData | null) =>
        error ? reject(toError(error)) : resolve(found as Signed),
      ),
    );
    if (data?.passport?.user === session.userId) return true;
    await this.registry.forget(session.sid);
    return false;
  }
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
