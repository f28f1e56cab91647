import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { AuthenticateUseCase } from './authenticate.use-case.js';
import { RegisterUseCase } from './register.use-case.js';

const setup = async () => {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  const alice = await new RegisterUseCase(users, hasher, new FixedClock()).execute({
    username: 'alice',
    email: 'Alice@Example.com',
    password: 'correct horse',
    displayName: 'Alice',
  });
  return { alice, hasher, authenticate: new AuthenticateUseCase(users, hasher) };
};

describe('AuthenticateUseCase', () => {
  it('answers the creator for the right e-mail and password', async () => {
    const { alice, authenticate } = await setup();

    const user = await authenticate.execute('Alice@Example.com', 'correct horse');

    expect([user.id, user.username]).toEqual([alice.id, 'alice']);
  });

  it('finds the account whatever the e-mail’s letter case and surrounding spaces', async () => {
    const { alice, authenticate } = await setup();

    expect((await authenticate.execute('  alice@EXAMPLE.com ', 'correct horse')).id).toBe(alice.id);
  });

  it('gives the same answer, after the same work, for an unknown e-mail and a wrong password', async () => {
    const { hasher, authenticate } = await setup();

    const before = hasher.verifications;
    const unknown = await authenticate.execute('nobody@example.com', 'correct horse').catch((error: unknown) => error);
    const afterUnknown = hasher.verifications;
    const wrong = await authenticate.execute('alice@example.com', 'Correct horse').catch((error: unknown) => error);

    expect(unknown).toEqual(aDomainError('unauthenticated', Messages.invalidCredentials));
    expect(wrong).toEqual(aDomainError('unauthenticated', Messages.invalidCredentials));
    expect([afterUnknown - before, hasher.verifications - afterUnknown]).toEqual([1, 1]);
  });

  it('refuses an empty password', async () => {
    const { authenticate } = await setup();

    await expect(authenticate.execute('alice@example.com', '')).rejects.toEqual(
      aDomainError('unauthenticated', Messages.invalidCredentials),
    );
  });
});
