import { createHash } from 'node:crypto';
import { AccountMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { User } from '../domain/user.js';
import { ATTEMPT_LIMITS } from '../infrastructure/flexible-attempt.limiter.js';
import { DeferredBackgroundWork } from '../testing/deferred-background-work.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { InMemoryAccountSessions } from '../testing/in-memory-account-sessions.js';
import { InMemoryPasswordResetTokens } from '../testing/in-memory-password-reset-tokens.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { memoryAttemptLimiter } from '../testing/memory-attempt-limiter.js';
import { RecordingAccountEmails } from '../testing/recording-account-emails.js';
import { ResetPasswordUseCase } from './reset-password.use-case.js';

const token = (seed: string) => createHash('sha256').update(seed).digest('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const START = new Date('2026-03-02T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

const setup = async () => {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  const alice = User.register(
    {
      username: 'alice',
      email: 'alice@example.com',
      passwordHash: await hasher.hash('old password'),
      displayName: 'Alice',
      bio: null,
    },
    new Date('2026-01-01T00:00:00.000Z'),
  );
  await users.add(alice);
  const tokens = new InMemoryPasswordResetTokens();
  await tokens.replace({
    userId: alice.id,
    tokenHash: sha256(token('a')),
    createdAt: START,
    expiresAt: new Date(START.getTime() + HOUR),
  });
  const sessions = new InMemoryAccountSessions();
  for (const sid of ['laptop', 'phone']) {
    sessions.storeSignIn(sid, alice.id);
    await sessions.add({
      id: `id-${sid}`,
      userId: alice.id,
      sid,
      userAgent: null,
      signedInAt: START,
      lastSeenAt: START,
    });
  }
  const clock = new FixedClock(START);
  const limiter = memoryAttemptLimiter();
  const emails = new RecordingAccountEmails();
  const background = new DeferredBackgroundWork();
  const useCase = new ResetPasswordUseCase(
    users,
    hasher,
    tokens,
    sessions,
    emails,
    background,
    new ImmediateTransactions(),
    limiter,
    clock,
  );
  const reset = (value: string, password = 'new password', ip = '10.0.0.1') =>
    useCase.execute({ token: value, password, ip });
  const passwordWorks = async (password: string) =>
    hasher.verify((await users.findById(alice.id))!.passwordHash, password);
  return { alice, tokens, sessions, emails, background, clock, limiter, reset, passwordWorks };
};

const invalidToken = aDomainError('invalid', AccountMessages.resetTokenInvalid);

describe('ResetPasswordUseCase', () => {
  it('sets the new password, uses the token up and ends every session of the account', async () => {
    const { alice, tokens, sessions, clock, reset, passwordWorks } = await setup();
    clock.advance(HOUR - 1);

    await reset(token('a'));

    expect(await passwordWorks('new password')).toBe(true);
    expect(await passwordWorks('old password')).toBe(false);
    expect(tokens.all()).toEqual([]);
    expect([sessions.isSignedIn('laptop'), sessions.isSignedIn('phone')]).toEqual([false, false]);
    expect(await sessions.listForUser(alice.id, START)).toEqual([]);
  });

  it('tells the owner by e-mail that the password was reset', async () => {
    const { emails, background, reset } = await setup();

    await reset(token('a'));
    await background.runAll();

    expect(emails.sent).toEqual([
      expect.objectContaining({ to: 'alice@example.com', subject: 'Your Linkbio password was changed' }),
    ]);
  });

  it('refuses the token a second time, and the second password is not set', async () => {
    const { reset, passwordWorks } = await setup();
    await reset(token('a'));

    await expect(reset(token('a'), 'another password')).rejects.toEqual(invalidToken);
    expect(await passwordWorks('new password')).toBe(true);
  });

  it('refuses a token once its hour is over, and changes nothing', async () => {
    const { sessions, clock, reset, passwordWorks } = await setup();
    clock.advance(HOUR);

    await expect(reset(token('a'))).rejects.toEqual(invalidToken);
    expect(await passwordWorks('old password')).toBe(true);
    expect(sessions.isSignedIn('laptop')).toBe(true);
  });

  it('refuses an older token once a newer one replaced it, and takes the newer', async () => {
    const { alice, tokens, reset, passwordWorks } = await setup();
    await tokens.replace({
      userId: alice.id,
      tokenHash: sha256(token('b')),
      createdAt: START,
      expiresAt: new Date(START.getTime() + HOUR),
    });

    await expect(reset(token('a'))).rejects.toEqual(invalidToken);
    expect(await passwordWorks('old password')).toBe(true);
    await reset(token('b'));
    expect(await passwordWorks('new password')).toBe(true);
  });

  it.each([
    ['an unknown token', token('z')],
    ['a token one character short', token('a').slice(1)],
    ['a token with a character no token has', `${token('a').slice(1)}=`],
    ['the stored hash itself', sha256(token('a'))],
    ['an empty token', ''],
  ])('refuses %s with the same answer, changing nothing', async (_name, value) => {
    const { tokens, sessions, emails, reset, passwordWorks } = await setup();

    await expect(reset(value)).rejects.toEqual(invalidToken);
    expect(emails.queued).toEqual([]);
    expect(await passwordWorks('old password')).toBe(true);
    expect(tokens.all()).toHaveLength(1);
    expect(sessions.isSignedIn('phone')).toBe(true);
  });

  it('lets the owner sign in at once even if guesses had locked the account', async () => {
    const { limiter, reset } = await setup();
    const login = { action: 'login' as const, ip: '10.0.9.9', email: 'alice@example.com' };
    for (let i = 0; i < ATTEMPT_LIMITS.login.perEmail; i += 1) await limiter.consume({ ...login, ip: `10.0.8.${i}` });
    await expect(limiter.consume(login)).rejects.toEqual(aDomainError('too_many', Messages.tooManyAttempts(15)));

    await reset(token('a'));

    await expect(limiter.consume(login)).resolves.toBeUndefined();
  });

  it('limits confirmations per client address, then refuses even a good token', async () => {
    const { reset, passwordWorks } = await setup();
    for (let i = 0; i < ATTEMPT_LIMITS.password_reset_confirm.perIp; i += 1) {
      await expect(reset(token(`guess ${i}`))).rejects.toEqual(invalidToken);
    }

    await expect(reset(token('a'))).rejects.toEqual(aDomainError('too_many', Messages.tooManyAttempts(15)));
    expect(await passwordWorks('old password')).toBe(true);
    await reset(token('a'), 'new password', '10.0.0.2');
    expect(await passwordWorks('new password')).toBe(true);
  });
});
