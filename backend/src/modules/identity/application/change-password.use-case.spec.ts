import { AccountMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ATTEMPT_LIMITS } from '../infrastructure/flexible-attempt.limiter.js';
import { DeferredBackgroundWork } from '../testing/deferred-background-work.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { storedUser } from '../testing/stored-user.js';
import { InMemoryAccountSessions } from '../testing/in-memory-account-sessions.js';
import { InMemoryPasswordResetTokens } from '../testing/in-memory-password-reset-tokens.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { memoryAttemptLimiter } from '../testing/memory-attempt-limiter.js';
import { RecordingAccountEmails } from '../testing/recording-account-emails.js';
import { ChangePasswordUseCase, type ChangePasswordCommand } from './change-password.use-case.js';

const NOW = '2026-03-02T12:00:00.000Z';

const setup = async () => {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  const sessions = new InMemoryAccountSessions();
  const clock = new FixedClock(NOW);
  const account = (name: string) => storedUser(users, hasher, name);
  const alice = await account('alice');
  const bob = await account('bob');
  for (const [sid, user] of [
    ['here', alice],
    ['phone', alice],
    ['laptop', alice],
    ['bobs', bob],
  ] as const) {
    sessions.storeSignIn(sid, user.id);
    await sessions.add({
      id: `id-${sid}`,
      userId: user.id,
      sid,
      userAgent: null,
      signedInAt: clock.now(),
      lastSeenAt: clock.now(),
    });
  }
  const emails = new RecordingAccountEmails();
  const background = new DeferredBackgroundWork();
  const resetTokens = new InMemoryPasswordResetTokens();
  const changePassword = new ChangePasswordUseCase(
    users,
    hasher,
    memoryAttemptLimiter(),
    sessions,
    resetTokens,
    emails,
    background,
    clock,
  );
  const change = (overrides: Partial<ChangePasswordCommand> = {}) =>
    changePassword.execute({
      userId: alice.id,
      ip: '10.0.0.1',
      currentSid: 'here',
      currentPassword: 'correct horse',
      newPassword: 'battery staple',
      ...overrides,
    });
  const passwordWorks = async (password: string) =>
    hasher.verify((await users.findById(alice.id))!.passwordHash, password);
  return { alice, users, sessions, resetTokens, emails, background, change, passwordWorks, clock };
};

describe('ChangePasswordUseCase', () => {
  it('stores the new password and ends every other session of the account, keeping this one', async () => {
    const { sessions, change, passwordWorks, users, alice } = await setup();

    const changed = await change();

    expect(await passwordWorks('battery staple')).toBe(true);
    expect(await passwordWorks('correct horse')).toBe(false);
    expect(changed.updatedAt).toEqual(new Date(NOW));
    expect((await users.findById(alice.id))!.updatedAt).toEqual(new Date(NOW));
    expect(['here', 'phone', 'laptop', 'bobs'].map((sid) => sessions.isSignedIn(sid))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(
      sessions
        .all()
        .map((row) => row.sid)
        .sort(),
    ).toEqual(['bobs', 'here']);
  });

  it('ends a reset link mailed before', async () => {
    const { alice, resetTokens, change, clock } = await setup();
    const expiresAt = new Date(clock.now().getTime() + 60 * 60 * 1000);
    await resetTokens.replace({ userId: alice.id, tokenHash: 'a'.repeat(64), createdAt: clock.now(), expiresAt });

    await change();

    expect(resetTokens.all()).toEqual([]);
  });

  it('tells the owner by e-mail, sent after the answer', async () => {
    const { emails, background, change } = await setup();

    await change();
    expect(emails.sent).toEqual([]);
    await background.runAll();

    expect(emails.sent).toEqual([
      expect.objectContaining({ to: 'alice@example.com', subject: 'Your Linkbio password was changed' }),
    ]);
    expect(emails.sent[0]!.text).not.toContain('battery staple');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { sessions, emails, change, passwordWorks } = await setup();

    await expect(change({ currentPassword: 'Correct horse' })).rejects.toEqual(
      aDomainError('invalid', AccountMessages.currentPasswordWrong),
    );

    expect(await passwordWorks('correct horse')).toBe(true);
    expect(sessions.all()).toHaveLength(4);
    expect(emails.queued).toEqual([]);
  });

  it('refuses a new password equal to the current one and changes nothing', async () => {
    const { sessions, change, passwordWorks } = await setup();

    await expect(change({ newPassword: 'correct horse' })).rejects.toEqual(
      aDomainError('invalid', AccountMessages.newPasswordSame),
    );

    expect(await passwordWorks('correct horse')).toBe(true);
    expect(sessions.all()).toHaveLength(4);
  });

  it('counts wrong current passwords per account as sign-ins are, from any address, then refuses even the right one', async () => {
    const { change, passwordWorks } = await setup();
    const { perEmail } = ATTEMPT_LIMITS.password_change;

    for (let i = 0; i < perEmail; i += 1) {
      await expect(change({ currentPassword: `wrong ${i}`, ip: `10.0.1.${i}` })).rejects.toEqual(
        aDomainError('invalid', AccountMessages.currentPasswordWrong),
      );
    }
    const refused = await change({ ip: '10.0.2.1' }).catch((error: unknown) => error);

    expect(refused).toEqual(aDomainError('too_many', Messages.tooManyAttempts(15)));
    expect(await passwordWorks('correct horse')).toBe(true);
  });

  it('forgets the wrong guesses once the right current password is given', async () => {
    const { change, passwordWorks } = await setup();
    const { perEmail } = ATTEMPT_LIMITS.password_change;

    for (let i = 0; i < perEmail - 1; i += 1) await change({ currentPassword: 'wrong' }).catch(() => undefined);
    await expect(change({ newPassword: 'correct horse' })).rejects.toEqual(
      aDomainError('invalid', AccountMessages.newPasswordSame),
    );
    for (let i = 0; i < perEmail - 1; i += 1) await change({ currentPassword: 'wrong' }).catch(() => undefined);
    await change();

    expect(await passwordWorks('battery staple')).toBe(true);
  });
});
