import type { Id } from '../../../shared/ids.js';
import { AccountSessions, type AccountSession } from '../application/ports/account-sessions.js';

/**
 * AccountSessions over two maps, as the real one is over two stores: the session store (which session ids are
 * signed in, to whom) and the registry rows. A session ended here is gone from both, as in the product;
 * `expireInStore` plays a session the store let lapse on its own.
 */
export class InMemoryAccountSessions extends AccountSessions {
  /** The session store: sid → the account it is signed in to. */
  private readonly store = new Map<string, Id>();
  private readonly rows = new Map<string, AccountSession>();

  /** A session the store holds for the account (what passport's sign-in leaves there). */
  storeSignIn(sid: string, userId: Id): void {
    this.store.set(sid, userId);
  }

  expireInStore(sid: string): void {
    this.store.delete(sid);
  }

  /** Whether a request with this session id would still be signed in. */
  isSignedIn(sid: string): boolean {
    return this.store.has(sid);
  }

  /** Every registry row, as stored. */
  all(): AccountSession[] {
    return [...this.rows.values()].map((row) => ({ ...row }));
  }

  /** The store touched the session: it was used at `at` (session-events.ts does this in the product). */
  seen(sid: string, at: Date): void {
    const row = this.rows.get(sid);
    if (row && row.lastSeenAt < at) row.lastSeenAt = new Date(at);
  }

  async add(session: AccountSession): Promise<void> {
    this.rows.set(session.sid, { ...session });
  }

  async findBySid(sid: string): Promise<AccountSession | null> {
    const row = this.rows.get(sid);
    return row ? { ...row } : null;
  }

  async findOwned(userId: Id, id: Id): Promise<AccountSession | null> {
    const row = [...this.rows.values()].find((r) => r.id === id && r.userId === userId);
    return row && this.alive(row) ? { ...row } : null;
  }

  async listForUser(userId: Id, since: Date): Promise<AccountSession[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId && row.lastSeenAt >= since && this.alive(row))
      .sort(
        (a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.signedInAt.getTime() - a.signedInAt.getTime(),
      )
      .map((row) => ({ ...row }));
  }

  async end(sid: string): Promise<void> {
    this.store.delete(sid);
    this.rows.delete(sid);
  }

  async endAllOf(userId: Id, keepSid: string | null): Promise<number> {
    const ending = [...this.rows.values()].filter((row) => row.userId === userId && row.sid !== keepSid);
    for (const row of ending) await this.end(row.sid);
    return ending.length;
  }

  async forgetUnusedSince(before: Date): Promise<void> {
    for (const row of [...this.rows.values()]) if (row.lastSeenAt < before) this.rows.delete(row.sid);
  }

  /** As the real one: a row counts while the store holds its session for its account; else it is forgotten. */
  private alive(row: AccountSession): boolean {
    if (this.store.get(row.sid) === row.userId) return true;
    this.rows.delete(row.sid);
    return false;
  }
}
