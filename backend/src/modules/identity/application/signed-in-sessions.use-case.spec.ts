import { AccountMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAccountSessions } from '../testing/in-memory-account-sessions.js';
import { SignedInSessionsUseCase } from './signed-in-sessions.use-case.js';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const DAY = 24 * 60 * 60 * 1000;

const setup = () => {
  const sessions = new InMemoryAccountSessions();
  const clock = new FixedClock('2026-03-02T12:00:00.000Z');
  const useCase = new SignedInSessionsUseCase(sessions, clock);
  /** A sign-in as passport and the controller do it: the store holds the session, then it is registered. */
  const signIn = async (userId: string, sid: string, userAgent?: string) => {
    sessions.storeSignIn(sid, userId);
    await useCase.signedIn(userId, sid, userAgent);
  };
  const idOf = (sid: string) => sessions.all().find((row) => row.sid === sid)!.id;
  return { sessions, clock, useCase, signIn, idOf };
};

const notFound = aDomainError('not_found', AccountMessages.sessionNotFound);

describe('SignedInSessionsUseCase', () => {
  it('registers a sign-in with an opaque id, its browser (cut to 512 characters) and the time', async () => {
    const { sessions, signIn } = setup();

    await signIn(ALICE, 'sid-1', `Mozilla/5.0 ${'x'.repeat(600)}`);

    const [row] = sessions.all();
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: ALICE,
      sid: 'sid-1',
      userAgent: `Mozilla/5.0 ${'x'.repeat(500)}`,
      signedInAt: new Date('2026-03-02T12:00:00.000Z'),
      lastSeenAt: new Date('2026-03-02T12:00:00.000Z'),
    });
    expect(row!.id).not.toContain('sid-1');
  });

  it('keeps the time of the first sign-in for a session that only got a new id', async () => {
    const { sessions, clock, useCase } = setup();
    clock.advance(DAY);

    await useCase.signedIn(ALICE, 'sid-2', undefined, new Date('2026-03-01T08:00:00.000Z'));

    expect(sessions.all()[0]).toMatchObject({
      userAgent: null,
      signedInAt: new Date('2026-03-01T08:00:00.000Z'),
      lastSeenAt: clock.now(),
    });
  });

  it('lists the account’s own sessions, most recently used first, the asking one marked', async () => {
    const { sessions, clock, useCase, signIn } = setup();
    await signIn(ALICE, 'laptop');
    clock.advance(60_000);
    await signIn(ALICE, 'phone');
    await signIn(BOB, 'bobs');
    clock.advance(60_000);
    sessions.seen('laptop', clock.now());

    const listed = await useCase.list(ALICE, 'phone');

    expect(listed.map(({ session, current }) => [session.sid, current])).toEqual([
      ['laptop', false],
      ['phone', true],
    ]);
  });

  it('leaves out sessions the store let go and those unused for 30 days, and forgets them', async () => {
    const { sessions, clock, useCase, signIn } = setup();
    await signIn(ALICE, 'old');
    clock.advance(DAY);
    await signIn(ALICE, 'lapsed');
    sessions.expireInStore('lapsed');
    clock.advance(29 * DAY + 1);
    await signIn(ALICE, 'new');

    const listed = await useCase.list(ALICE, 'new');

    expect(listed.map(({ session }) => session.sid)).toEqual(['new']);
    expect(sessions.all().map((row) => row.sid)).toEqual(['new']);
  });

  it('ends another of the account’s sessions: its cookie no longer works and it is no longer listed', async () => {
    const { sessions, useCase, signIn, idOf } = setup();
    await signIn(ALICE, 'here');
    await signIn(ALICE, 'phone');

    await useCase.end(ALICE, 'here', idOf('phone'));

    expect([sessions.isSignedIn('here'), sessions.isSignedIn('phone')]).toEqual([true, false]);
    expect((await useCase.list(ALICE, 'here')).map(({ session }) => session.sid)).toEqual(['here']);
  });

  it('refuses to end the asking session: that is signing out', async () => {
    const { sessions, useCase, signIn, idOf } = setup();
    await signIn(ALICE, 'here');

    await expect(useCase.end(ALICE, 'here', idOf('here'))).rejects.toEqual(
      aDomainError('invalid', AccountMessages.cannotEndCurrentSession),
    );
    expect(sessions.isSignedIn('here')).toBe(true);
  });

  it('answers "not found" alike for another account’s session, an unknown id, an ended one and a malformed one', async () => {
    const { sessions, useCase, signIn, idOf } = setup();
    await signIn(ALICE, 'here');
    await signIn(ALICE, 'gone');
    await signIn(BOB, 'bobs');
    const gone = idOf('gone');
    await useCase.end(ALICE, 'here', gone);

    for (const id of [
      idOf('bobs'),
      '00000000-0000-4000-8000-000000000000',
      gone,
      'bobs',
      '../1',
      ''.padEnd(300, 'a'),
    ]) {
      await expect(useCase.end(ALICE, 'here', id)).rejects.toEqual(notFound);
    }
    expect(sessions.isSignedIn('bobs')).toBe(true);
  });

  it('ends every other session of the account, and only those', async () => {
    const { sessions, useCase, signIn } = setup();
    for (const sid of ['here', 'phone', 'laptop']) await signIn(ALICE, sid);
    await signIn(BOB, 'bobs');

    expect(await useCase.endOthers(ALICE, 'here')).toBe(2);

    expect(['here', 'phone', 'laptop', 'bobs'].map((sid) => sessions.isSignedIn(sid))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
