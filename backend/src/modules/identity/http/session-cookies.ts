import { parseCookie, stringifySetCookie } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import type { SessionData, Store } from 'express-session';
import type { UserRepository } from '../application/ports/user.repository.js';
import type { User } from '../domain/user.js';

export interface SessionCookieSettings {
  /** The session cookie's name. */
  name: string;
  /** The secrets the cookie may be signed with, the one signing new cookies first (express-session's `secret`). */
  secrets: readonly string[];
  /** A session's lifetime when its stored cookie names none. */
  lifetimeMs: number;
}

/** A request whose session cookie names a signed-in creator's session. */
export interface SignedInVisit {
  user: User;
  /**
   * The session cookie rolled forward, as express-session sets it on every answer (`rolling`); null where it
   * sets none: a cookie made Secure (the session began over HTTPS) is never sent over plain HTTP.
   */
  setCookie: string | null;
  /** Moves the session's expiry in the store, as express-session does once the answer is sent. */
  touch(): void;
}

/** How many verified cookie values SessionCookies remembers (the least recently verified forgotten first). */
const VERIFIED_MAX = 10_000;

/** A session cookie's signed value, the session id it carries, and whether the newest secret signed it. */
interface SignedSession {
  value: string;
  sid: string;
  newest: boolean;
}

interface StoredSession extends SessionData {
  passport?: { user?: unknown };
}

/**
 * Reads a request's session the way express-session and passport do (the signed cookie, the shared store,
 * the account loaded afresh), for the few signed-in reads answered before Express. Whatever is not plainly a
 * signed-in creator's session — no cookie, a bad signature, an unknown or ended session, one waiting for its
 * second sign-in step, a deleted account — is null: the full pipeline then answers it as it always has.
 */
export class SessionCookies {
  /**
   * Signed cookie values already verified, with the session id each carries and whether the newest secret
   * signed it: a creator's next request is not verified again (an HMAC and two hashes each). Only values that
   * passed verification are kept, so whatever a client sends, it can only fill this with cookies that are valid.
   */
  private readonly verified = new Map<string, SignedSession>();

  constructor(
    private readonly store: Store,
    private readonly users: UserRepository,
    private readonly settings: SessionCookieSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async signedIn(cookieHeader: string | undefined, overHttps: boolean): Promise<SignedInVisit | null> {
    const signed = this.signedSession(cookieHeader);
    if (signed === null) return null;
    const { sid } = signed;
    const session = await this.load(sid);
    const userId = session?.passport?.user;
    if (!session || typeof userId !== 'string') return null;
    const user = await this.users.readById(userId);
    if (!user || user.deletedAt) return null;

    // The cookie's attributes are the session's own, fixed when it began (Secure when that was over HTTPS).
    const stored = session.cookie as { originalMaxAge?: number | null; path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: unknown };
    const expires = new Date(this.now() + (stored.originalMaxAge ?? this.settings.lifetimeMs));
    const rolled: SessionData = { ...session, cookie: { ...session.cookie, expires } };
    const secure = stored.secure === true;
    // Signed with the newest secret, as express-session signs (the very value that came, when it signed that).
    const setCookie =
      secure && !overHttps
        ? null
        : stringifySetCookie(
            {
              name: this.settings.name,
              value: `s:${signed.newest ? signed.value : sign(sid, this.settings.secrets[0]!)}`,
              path: stored.path ?? '/',
              expires,
              httpOnly: stored.httpOnly ?? true,
              secure,
              sameSite: stored.sameSite === 'strict' || stored.sameSite === 'none' ? stored.sameSite : 'lax',
            },
            // Every value percent-encoded, as express-session's cookie 0.7 does (cookie 2 leaves `s:`, `/`, `+` as they are).
            { encode: encodeURIComponent },
          );
    return { user, setCookie, touch: () => this.store.touch?.(sid, rolled, () => undefined) };
  }

  /** The session id the cookie carries when one of the secrets signed it (express-session's getcookie). */
  private signedSession(header: string | undefined): SignedSession | null {
    if (!header) return null;
    const raw = parseCookie(header)[this.settings.name];
    if (!raw?.startsWith('s:')) return null;
    const value = raw.slice(2);
    const known = this.verified.get(value);
    if (known) {
      // Most recently verified last: the map forgets from its oldest entry.
      this.verified.delete(value);
      this.verified.set(value, known);
      return known;
    }
    for (const [index, secret] of this.settings.secrets.entries()) {
      const sid = unsign(value, secret);
      if (sid === false) continue;
      const found = { value, sid, newest: index === 0 };
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(value, found);
      return found;
    }
    return null;
  }

  private load(sid: string): Promise<StoredSession | null> {
    return new Promise((resolve, reject) =>
      this.store.get(sid, (error: unknown, session?: SessionData | null) => (error ? reject(error) : resolve((session as StoredSession) ?? null))),
    );
  }
}
