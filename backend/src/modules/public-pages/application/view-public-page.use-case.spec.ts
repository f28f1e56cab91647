import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { User } from '../../identity/domain/user.js';
import { InMemoryUserRepository } from '../../identity/testing/in-memory-user.repository.js';
import { renameUser } from '../../identity/domain/username-hold.js';
import { Link } from '../../links/domain/link.js';
import { InMemoryLinkRepository } from '../../links/testing/in-memory-link.repository.js';
import { InMemoryPublicPageSource } from '../testing/in-memory-public-page.source.js';
import { ViewPublicPageUseCase, type PageVisitor } from './view-public-page.use-case.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async () => {
  const users = new InMemoryUserRepository();
  const links = new InMemoryLinkRepository();
  const analytics = new InMemoryAnalyticsStore();
  const clock = new FixedClock(NOW);
  const alice = User.register(
    { username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: null },
    NOW,
  );
  await users.add(alice);
  const view = new ViewPublicPageUseCase(new InMemoryPublicPageSource(users, links), analytics, clock);
  return { alice, users, links, analytics, clock, view };
};

const visitor = (overrides: Partial<PageVisitor> = {}): PageVisitor => ({
  isBot: false,
  viewerId: null,
  referrer: null,
  ...overrides,
});

describe('ViewPublicPageUseCase', () => {
  it('answers the creator with their active links in list order', async () => {
    const { alice, links, view } = await setup();
    const add = async (title: string, order: number, active = true) => {
      const link = Link.create(alice.id, { title, url: 'https://example.com', order }, NOW);
      link.isActive = active;
      await links.addWithinLimit(link, null);
    };
    await add('Second', 1);
    await add('Hidden', 0, false);
    await add('First', 0);

    const { page, links: shown } = await view.execute('alice', visitor());

    expect(page.ownerId).toBe(alice.id);
    expect(page.user).toMatchObject({ username: 'alice', displayName: 'Alice' });
    expect(shown.map((link) => link.title)).toEqual(['First', 'Second']);
  });

  it('reads the page without counting a view when there is no visit', async () => {
    const { alice, analytics, view } = await setup();

    expect((await view.execute('alice', null)).page.ownerId).toBe(alice.id);
    expect(analytics.recorded()).toEqual([]);
  });

  it('finds the creator whatever the letter case of the address', async () => {
    const { alice, view } = await setup();

    const { page } = await view.execute('ALICE', visitor());

    expect(page.ownerId).toBe(alice.id);
    expect(page.user.username).toBe('alice');
  });

  it('counts one view with the referrer’s host, the source, the visitor and the time', async () => {
    const { alice, analytics, view } = await setup();
    const source = { source: 'newsletter', medium: 'email', campaign: 'spring' };
    const origin = { address: '193.0.0.1', userAgent: 'Mozilla/5.0 (iPhone) Mobile' };

    await view.execute('alice', visitor({ referrer: 'https://www.instagram.com/p/abc?x=1', device: 'mobile', source, origin }));

    expect(analytics.recorded()).toEqual([
      {
        kind: 'view',
        ownerId: alice.id,
        linkId: null,
        occurredAt: NOW,
        referrer: 'www.instagram.com',
        device: 'mobile',
        source,
        visitor: origin,
      },
    ]);
  });

  it('counts another signed-in creator’s view', async () => {
    const { analytics, view } = await setup();

    await view.execute('alice', visitor({ viewerId: '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11' }));

    expect(analytics.recorded()).toHaveLength(1);
  });

  it('does not count a bot’s view', async () => {
    const { alice, analytics, view } = await setup();

    const { page } = await view.execute('alice', visitor({ isBot: true }));

    expect(page.ownerId).toBe(alice.id);
    expect(analytics.recorded()).toEqual([]);
  });

  it('does not count the creator’s own view of their page', async () => {
    const { alice, analytics, view } = await setup();

    await view.execute('alice', visitor({ viewerId: alice.id }));

    expect(analytics.recorded()).toEqual([]);
  });

  it.each(['nobody', 'alice\u0000'])(
    'answers not found, counting nothing, for the unknown username %p',
    async (username) => {
      const { analytics, view } = await setup();

      await expect(view.execute(username, visitor())).rejects.toEqual(aDomainError('not_found', Messages.userNotFound));
      expect(analytics.recorded()).toEqual([]);
    },
  );

  describe('on a username its owner gave up', () => {
    const DAY = 24 * 60 * 60 * 1000;
    const renamed = async () => {
      const context = await setup();
      await context.users.rename(context.alice.id, 'alice-new', (user, hold) => renameUser(user, 'alice-new', hold, NOW));
      return context;
    };

    it('answers where it forwards, counting no view, and the new name as the page', async () => {
      const { alice, analytics, view } = await renamed();

      const moved = await view.execute('alice', visitor());
      expect(moved.movedTo).toBe('alice-new');
      expect(moved.links).toEqual([]);
      expect(analytics.recorded()).toEqual([]);

      const current = await view.execute('alice-new', visitor());
      expect(current).toMatchObject({ movedTo: null, page: { ownerId: alice.id, user: { username: 'alice-new' } } });
      expect(analytics.recorded()).toHaveLength(1);
    });

    it('forwards to the current name after a second change, and not after 30 days', async () => {
      const { users, alice, clock, view } = await renamed();
      clock.advance(DAY);
      await users.rename(alice.id, 'alice-third', (user, hold) => renameUser(user, 'alice-third', hold, clock.now()));

      expect((await view.execute('alice', null)).movedTo).toBe('alice-third');
      expect((await view.execute('alice-new', null)).movedTo).toBe('alice-third');

      clock.set(new Date(NOW.getTime() + 30 * DAY - 1));
      expect((await view.execute('alice', null)).movedTo).toBe('alice-third');
      clock.set(new Date(NOW.getTime() + 30 * DAY));
      await expect(view.execute('alice', visitor())).rejects.toEqual(aDomainError('not_found', Messages.userNotFound));
      expect((await view.execute('alice-new', null)).movedTo).toBe('alice-third');
    });

    it('answers the page again once the owner takes the name back', async () => {
      const { users, alice, view } = await renamed();

      await users.rename(alice.id, 'alice', (user, hold) => renameUser(user, 'alice', hold, NOW));

      expect(await view.execute('alice', null)).toMatchObject({ movedTo: null, page: { user: { username: 'alice' } } });
      expect((await view.execute('alice-new', null)).movedTo).toBe('alice');
    });
  });

  describe('on a scheduled link', () => {
    const START = '2026-03-02T09:00:00.000Z';
    const END = '2026-03-02T17:00:00.000Z';

    const scheduled = async () => {
      const context = await setup();
      const { alice, users, links, clock } = context;
      await users.change(alice.id, (user) => {
        user.isPremium = true;
      });
      clock.set('2026-03-01T00:00:00.000Z');
      await links.addWithinLimit(
        Link.create(alice.id, { title: 'always', url: 'https://example.com/always', order: 0 }, clock.now()),
        null,
      );
      await links.addWithinLimit(
        Link.create(
          alice.id,
          { title: 'sale', url: 'https://example.com/sale', order: 1, startsAt: START, endsAt: END },
          clock.now(),
          { isPremium: true },
        ),
        null,
      );
      const shownAt = async (now: string) => {
        clock.set(now);
        return (await context.view.execute('alice', visitor())).links.map((link) => link.title);
      };
      return { ...context, shownAt };
    };

    it.each([
      ['before the start', '2026-03-02T08:59:59.999Z', ['always']],
      ['exactly at the start', START, ['always', 'sale']],
      ['during the window', '2026-03-02T12:00:00.000Z', ['always', 'sale']],
      ['a millisecond before the end', '2026-03-02T16:59:59.999Z', ['always', 'sale']],
      ['exactly at the end', END, ['always']],
      ['after the end', '2026-03-05T00:00:00.000Z', ['always']],
    ])('shows it to a premium creator’s visitors %s: %p', async (_case, now, titles) => {
      const { shownAt } = await scheduled();

      expect(await shownAt(now)).toEqual(titles);
    });

    it.each(['2026-03-02T08:00:00.000Z', '2026-03-03T00:00:00.000Z'])(
      'shows it as if unscheduled once premium ended (%p)',
      async (now) => {
        const { alice, users, shownAt } = await scheduled();
        await users.change(alice.id, (user) => {
          user.isPremium = false;
        });

        expect(await shownAt(now)).toEqual(['always', 'sale']);
      },
    );

    it('counts the view whether or not the scheduled link shows', async () => {
      const { alice, analytics, shownAt } = await scheduled();

      await shownAt('2026-03-02T08:00:00.000Z');
      await shownAt('2026-03-02T12:00:00.000Z');

      expect(analytics.recorded().map((event) => [event.ownerId, event.occurredAt.toISOString()])).toEqual([
        [alice.id, '2026-03-02T08:00:00.000Z'],
        [alice.id, '2026-03-02T12:00:00.000Z'],
      ]);
    });
  });
});
