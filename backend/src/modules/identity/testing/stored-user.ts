import { User } from '../domain/user.js';
import type { FakePasswordHasher } from './fake-password.hasher.js';
import type { InMemoryUserRepository } from './in-memory-user.repository.js';

/** The password every stored user of the unit specs has. */
export const STORED_PASSWORD = 'correct horse';

/**
 * A creator called `name` (e-mail name@example.com, password STORED_PASSWORD, signed up on 2026-01-01),
 * adjusted by `adjust` before it is stored in `users`.
 */
export async function storedUser(
  users: InMemoryUserRepository,
  hasher: FakePasswordHasher,
  name: string,
  details: { bio?: string | null; adjust?: (user: User) => void } = {},
): Promise<User> {
  const user = User.register(
    {
      username: name,
      email: `${name}@example.com`,
      passwordHash: await hasher.hash(STORED_PASSWORD),
      displayName: name,
      bio: details.bio ?? null,
    },
    new Date('2026-01-01T00:00:00.000Z'),
  );
  details.adjust?.(user);
  await users.add(user);
  return user;
}
