import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { ListLinksUseCase } from '../../links/application/list-links.use-case.js';
import { Link } from '../../links/domain/link.js';
import { InMemoryLinkRepository } from '../../links/testing/in-memory-link.repository.js';
import { User } from '../domain/user.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { GetPublicProfileUseCase, type PageVisitor } from './get-public-profile.use-case.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async () => {
  const users = new InMemoryUserRepository();
  const links = new InMemoryLinkRepository();
  const analytics = new InMemoryAnalyticsStore();
  const alice = User.register(
    { username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: null },
    NOW,
  );
  await users.add(alice);
  const profile = new GetPublicProfileUseCase(
    users,
    new ListLinksUseCase(links, analytics),
    analytics,
    new FixedClock(NOW),
  );
  return { alice, links, analytics, profile };
};

const visitor = (overrides: Partial<PageVisitor> = {}): PageVisitor => ({
  isBot: false,
  viewerId: null,
  referrer: null,
  ...overrides,
});

describe('GetPublicProfileUseCase', () => {
  it('answers the creator with their active links in list order', async () => {
    const { alice, links, profile } = await setup();
    const add = async (title: string, order: number, active = true) => {
      const link = Link.create(alice.id, { title, url: 'https://example.com', order }, NOW);
      link.isActive = active;
      await links.addWithinLimit(link, null);
    };
    await add('Second', 1);
    await add('Hidden', 0, false);
    await add('First', 0);

    const { user, links: shown } = await profile.execute('alice', visitor());

    expect(user.id).toBe(alice.id);
    expect(shown.map((link) => link.title)).toEqual(['First', 'Second']);
  });

  it('reads the page without counting a view when there is no visit', async () => {
    const { alice, analytics, profile } = await setup();

    expect((await profile.execute('alice', null)).user.id).toBe(alice.id);
    expect(analytics.recorded()).toEqual([]);
  });

  it('finds the creator whatever the letter case of the address', async () => {
    const { alice, profile } = await setup();

    expect((await profile.execute('ALICE', visitor())).user.id).toBe(alice.id);
  });

  it('counts one view with the referrer’s host and the time', async () => {
    const { alice, analytics, profile } = await setup();

    await profile.execute('alice', visitor({ referrer: 'https://www.instagram.com/p/abc?x=1', device: 'mobile' }));

    expect(analytics.recorded()).toEqual([
      { kind: 'view', ownerId: alice.id, linkId: null, occurredAt: NOW, referrer: 'www.instagram.com', device: 'mobile' },
    ]);
  });

  it('counts another signed-in creator’s view', async () => {
    const { analytics, profile } = await setup();

    await profile.execute('alice', visitor({ viewerId: '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11' }));

    expect(analytics.recorded()).toHaveLength(1);
  });

  it('does not count a bot’s view', async () => {
    const { alice, analytics, profile } = await setup();

    const { user } = await profile.execute('alice', visitor({ isBot: true }));

    expect(user.id).toBe(alice.id);
    expect(analytics.recorded()).toEqual([]);
  });

  it('does not count the creator’s own view of their page', async () => {
    const { alice, analytics, profile } = await setup();

    await profile.execute('alice', visitor({ viewerId: alice.id }));

    expect(analytics.recorded()).toEqual([]);
  });

  it('answers not found, counting nothing, for an unknown username', async () => {
    const { analytics, profile } = await setup();

    await expect(profile.execute('nobody', visitor())).rejects.toEqual(
      aDomainError('not_found', Messages.userNotFound),
    );
    expect(analytics.recorded()).toEqual([]);
  });
});
