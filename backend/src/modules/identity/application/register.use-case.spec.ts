import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { RegisterUseCase, type RegisterCommand } from './register.use-case.js';

const setup = () => {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  return { users, hasher, register: new RegisterUseCase(users, hasher, new FixedClock('2026-03-02T09:00:00.000Z')) };
};

const command = (overrides: Partial<RegisterCommand> = {}): RegisterCommand => ({
  username: 'alice',
  email: 'alice@example.com',
  password: 'correct horse',
  displayName: 'Alice',
  bio: 'I make things',
  ...overrides,
});

describe('RegisterUseCase', () => {
  it('stores a new creator with a hash of the password, stamped with the time', async () => {
    const { users, hasher, register } = setup();

    const user = await register.execute(command());

    const stored = await users.findById(user.id);
    expect(stored).toMatchObject({
      username: 'alice',
      email: 'alice@example.com',
      displayName: 'Alice',
      bio: 'I make things',
      isPremium: false,
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
    });
    expect(stored!.passwordHash).not.toContain('correct horse');
    expect(await hasher.verify(stored!.passwordHash, 'correct horse')).toBe(true);
    expect(await hasher.verify(stored!.passwordHash, 'wrong horse')).toBe(false);
  });

  it('trims the e-mail, display name and bio, and keeps a blank bio as none', async () => {
    const { users, register } = setup();

    const user = await register.execute(
      command({ email: '  alice@example.com ', displayName: '  Alice  ', bio: '   ' }),
    );

    expect(await users.findById(user.id)).toMatchObject({
      email: 'alice@example.com',
      displayName: 'Alice',
      bio: null,
    });
  });

  it('stores no bio when none is given', async () => {
    const { users, register } = setup();

    const user = await register.execute(command({ bio: undefined }));

    expect((await users.findById(user.id))!.bio).toBeNull();
  });

  it('refuses a username that is taken', async () => {
    const { users, register } = setup();
    await register.execute(command());

    await expect(register.execute(command({ email: 'other@example.com' }))).rejects.toEqual(
      aDomainError('conflict', Messages.usernameTaken),
    );
    expect(await users.findByEmail('other@example.com')).toBeNull();
  });

  it('refuses an e-mail that is registered, whatever its letter case and spaces', async () => {
    const { users, register } = setup();
    await register.execute(command());

    await expect(register.execute(command({ username: 'bob', email: ' ALICE@Example.com ' }))).rejects.toEqual(
      aDomainError('conflict', Messages.emailTaken),
    );
    expect(await users.findByUsername('bob')).toBeNull();
  });

  it('refuses a reserved username', async () => {
    const { users, register } = setup();

    await expect(register.execute(command({ username: 'admin' }))).rejects.toEqual(
      aDomainError('invalid', Messages.usernameReserved),
    );
    expect(await users.findByEmail('alice@example.com')).toBeNull();
  });

  it.each(['Alice', 'al', '-alice', 'alice_1'])('refuses the username %p', async (username) => {
    const { users, register } = setup();

    await expect(register.execute(command({ username }))).rejects.toEqual(
      aDomainError('invalid', Messages.usernameCharacters),
    );
    expect(await users.findByEmail('alice@example.com')).toBeNull();
  });
});
