import { sign } from 'cookie-signature';
import { MemoryStore, type SessionData } from 'express-session';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { User } from '../domain/user.js';
import { SessionCookies } from './session-cookies.js';

describe('SessionCookies', () => {
  const NEWEST = 'newest-secret-0123456789abcdef';
  const OLDER = 'older-secret-0123456789abcdef';
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  let store: MemoryStore;
  let users: InMemoryUserRepository;
  let cookies: SessionCookies;
  let user: User;

  const put = (sid: string, session: object) =>
    new Promise<void>((done) => store.set(sid, session as SessionData, () => done()));
  const cookie = (sid: string, secret = NEWEST) => `theme=dark; linkbio.sid=${encodeURIComponent(`s:${sign(sid, secret)}`)}`;
  const signedInSession = () => ({ cookie: { originalMaxAge: 3_600_000, path: '/', httpOnly: true }, passport: { user: user.id } });

  beforeEach(async () => {
    store = new MemoryStore();
    users = new InMemoryUserRepository();
    user = User.register({ username: 'ada', email: 'ada@example.com', passwordHash: 'hash', displayName: 'Ada', bio: null }, new Date(now));
    await users.add(user);
    cookies = new SessionCookies(store, users, { name: 'linkbio.sid', secrets: [NEWEST, OLDER], lifetimeMs: 3_600_000 }, () => now);
    await put('sid-1', signedInSession());
  });

  it('reads a signed-in session and rolls its cookie signed as express-session signs it, again and again', async () => {
    for (let visit = 0; visit < 3; visit += 1) {
      const signedIn = await cookies.signedIn(cookie('sid-1'), false);
      expect(signedIn?.user.id).toBe(user.id);
      expect(signedIn?.setCookie).toBe(
        `linkbio.sid=${encodeURIComponent(`s:${sign('sid-1', NEWEST)}`)}; Path=/; Expires=${new Date(now + 3_600_000).toUTCString()}; HttpOnly; SameSite=Lax`,
      );
    }
  });

  it('takes a cookie an older secret signed, and rolls it signed with the newest', async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      const signedIn = await cookies.signedIn(cookie('sid-1', OLDER), false);
      expect(signedIn?.user.id).toBe(user.id);
      expect(signedIn?.setCookie).toContain(`linkbio.sid=${encodeURIComponent(`s:${sign('sid-1', NEWEST)}`)};`);
    }
  });

  it('refuses a forged or unknown signature, before and after the genuine cookie was verified', async () => {
    const forged = `linkbio.sid=${encodeURIComponent(`s:${sign('sid-1', 'someone-elses-secret')}`)}`;
    const otherSession = cookie('sid-1').replace('sid-1', 'sid-2');
    expect(await cookies.signedIn(forged, false)).toBeNull();
    expect(await cookies.signedIn(cookie('sid-1'), false)).not.toBeNull();
    expect(await cookies.signedIn(forged, false)).toBeNull();
    expect(await cookies.signedIn(otherSession, false)).toBeNull();
    expect(await cookies.signedIn('linkbio.sid=sid-1', false)).toBeNull();
  });

  it('refuses a cookie verified before once its session ended or its account was deleted', async () => {
    expect(await cookies.signedIn(cookie('sid-1'), false)).not.toBeNull();
    await new Promise<void>((done) => store.destroy('sid-1', () => done()));
    expect(await cookies.signedIn(cookie('sid-1'), false)).toBeNull();

    await put('sid-1', signedInSession());
    expect(await cookies.signedIn(cookie('sid-1'), false)).not.toBeNull();
    user.deletedAt = new Date(now);
    await users.save(user);
    expect(await cookies.signedIn(cookie('sid-1'), false)).toBeNull();
  });
});
