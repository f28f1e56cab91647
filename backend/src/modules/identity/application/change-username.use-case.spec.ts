import { AccountMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import type { User } from '../domain/user.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { ChangeUsernameUseCase } from './change-username.use-case.js';
import { USERNAME_CHANGES_PER_HOUR } from './ports/username-change-rate-limit.js';
import { RegisterUseCase } from './register.use-case.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const setup = async () => {
  const users = new InMemoryUserRepository();
  const clock = new FixedClock(NOW);
  const rename = new ChangeUsernameUseCase(users, new InMemoryRateLimit(clock, USERNAME_CHANGES_PER_HOUR, 60 * 60), clock);
  const register = new RegisterUseCase(users, new FakePasswordHasher(), clock);
  const signUp = (username: string) =>
    register.execute({ username, email: `${username}-${Math.random()}@example.com`, password: 'secret1', displayName: username });
  const alice = await signUp('alice');
  const username = async (user: User) => (await users.findById(user.id))!.username;
  return { users, clock, rename, signUp, alice, username };
};

describe('ChangeUsernameUseCase', () => {
  it('renames the account and holds the old name for it for 30 days', async () => {
    const { users, rename, alice } = await setup();

    const renamed = await rename.execute(alice.id, 'alice-new');

    expect(renamed).toMatchObject({ id: alice.id, username: 'alice-new', updatedAt: NOW });
    expect(await users.findByUsername('alice-new')).toMatchObject({ id: alice.id });
    expect(await users.findByUsername('alice')).toBeNull();
    expect(await users.findHold('alice')).toEqual({ username: 'alice', userId: alice.id, heldUntil: new Date(NOW.getTime() + 30 * DAY) });
  });

  it('refuses the current name, in any letter case', async () => {
    const { rename, alice, username } = await setup();

    await expect(rename.execute(alice.id, 'alice')).rejects.toEqual(aDomainError('invalid', AccountMessages.usernameUnchanged));
    expect(await username(alice)).toBe('alice');
  });

  it.each([
    ['al', Messages.usernameCharacters],
    ['Bob', Messages.usernameCharacters],
    ['-bob', Messages.usernameCharacters],
    ['bob\u0000', Messages.usernameCharacters],
    ['auth', Messages.usernameReserved],
    ['linkbio', Messages.usernameReserved],
    ['linkbio-support', Messages.usernameReserved],
    ['administrator', Messages.usernameReserved],
    ['paypal', Messages.usernameReserved],
  ])('refuses %p with 400, changing nothing', async (requested, message) => {
    const { users, rename, alice, username } = await setup();

    await expect(rename.execute(alice.id, requested)).rejects.toEqual(aDomainError('invalid', message));
    expect(await username(alice)).toBe('alice');
    expect(await users.findHold('alice')).toBeNull();
  });

  it('refuses a name another account has', async () => {
    const { users, rename, signUp, alice, username } = await setup();
    await signUp('bob');

    await expect(rename.execute(alice.id, 'bob')).rejects.toEqual(aDomainError('conflict', Messages.usernameTaken));
    expect(await username(alice)).toBe('alice');
    expect(await users.findHold('alice')).toBeNull();
  });

  it('keeps the old name from everybody else, at sign-up and rename, until 30 days have passed', async () => {
    const { clock, rename, signUp, alice, username } = await setup();
    const bob = await signUp('bob');
    await rename.execute(alice.id, 'alice-new');

    await expect(signUp('alice')).rejects.toEqual(aDomainError('conflict', AccountMessages.usernameHeld));
    await expect(rename.execute(bob.id, 'alice')).rejects.toEqual(aDomainError('conflict', AccountMessages.usernameHeld));
    clock.advance(30 * DAY - 1);
    await expect(signUp('alice')).rejects.toEqual(aDomainError('conflict', AccountMessages.usernameHeld));
    expect(await username(bob)).toBe('bob');

    clock.advance(1);
    expect((await rename.execute(bob.id, 'alice')).username).toBe('alice');
  });

  it('lets a new account claim the name once the hold ended, and drops the hold', async () => {
    const { users, clock, rename, signUp, alice } = await setup();
    await rename.execute(alice.id, 'alice-new');
    clock.advance(30 * DAY);

    const claimant = await signUp('alice');

    expect((await users.findByUsername('alice'))?.id).toBe(claimant.id);
    expect(await users.findHold('alice')).toBeNull();
  });

  it('lets the owner take the old name back, which drops its hold and holds the name it leaves', async () => {
    const { users, clock, rename, alice, signUp } = await setup();
    await rename.execute(alice.id, 'alice-new');
    clock.advance(DAY);

    expect((await rename.execute(alice.id, 'alice')).username).toBe('alice');

    expect(await users.findHold('alice')).toBeNull();
    expect(await users.findHold('alice-new')).toMatchObject({ userId: alice.id });
    await expect(signUp('alice-new')).rejects.toEqual(aDomainError('conflict', AccountMessages.usernameHeld));
  });

  it(`allows ${USERNAME_CHANGES_PER_HOUR} tries an hour, then 429 until the hour is over`, async () => {
    const { clock, rename, alice, username } = await setup();
    for (let index = 1; index <= USERNAME_CHANGES_PER_HOUR; index += 1) await rename.execute(alice.id, `alice${index}`);

    await expect(rename.execute(alice.id, 'alice-more')).rejects.toEqual(aDomainError('too_many', Messages.tooManyAttempts(60)));
    expect(await username(alice)).toBe(`alice${USERNAME_CHANGES_PER_HOUR}`);

    clock.advance(60 * 60 * 1000);
    expect((await rename.execute(alice.id, 'alice-more')).username).toBe('alice-more');
  });

  it('answers not found for an account that is gone', async () => {
    const { rename } = await setup();
    await expect(rename.execute('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', 'carol')).rejects.toEqual(
      aDomainError('not_found', Messages.userNotFound),
    );
  });
});
