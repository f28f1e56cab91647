import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { User } from '../domain/user.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { UpdateSettingsUseCase } from './update-settings.use-case.js';

const CREATED = new Date('2026-03-01T09:00:00.000Z');
const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async () => {
  const users = new InMemoryUserRepository();
  const user = User.register({ username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: 'Hi' }, CREATED);
  await users.add(user);
  const stored = () => users.findById(user.id).then((found) => found!);
  return { id: user.id, stored, settings: new UpdateSettingsUseCase(users, new FixedClock(NOW)) };
};

describe('UpdateSettingsUseCase.profile', () => {
  it('stores the display name and bio, trimmed, and stamps the time', async () => {
    const { id, stored, settings } = await setup();

    const answer = await settings.profile(id, { displayName: ' Alice B. ', bio: ' Making things ' });

    expect(answer).toMatchObject({ displayName: 'Alice B.', bio: 'Making things' });
    expect(await stored()).toMatchObject({ displayName: 'Alice B.', bio: 'Making things', updatedAt: NOW, username: 'alice' });
  });

  it.each([null, ''])('clears the bio when sent %j', async (bio) => {
    const { id, stored, settings } = await setup();

    await settings.profile(id, { displayName: 'Alice', bio });

    expect((await stored()).bio).toBeNull();
  });

  it('stores nothing when the change is refused', async () => {
    const { id, stored, settings } = await setup();

    await expect(settings.profile(id, { displayName: ' ', bio: 'New' })).rejects.toEqual(
      aDomainError('invalid', Messages.displayNameRequired),
    );
    expect(await stored()).toMatchObject({ displayName: 'Alice', bio: 'Hi', updatedAt: CREATED });
  });

  it('answers not found for an account that is gone', async () => {
    const { settings } = await setup();
    await expect(settings.profile('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', { displayName: 'X' })).rejects.toEqual(
      aDomainError('not_found', Messages.userNotFound),
    );
  });
});
