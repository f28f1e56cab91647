import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { User } from '../../identity/domain/user.js';
import { InMemoryUserRepository } from '../../identity/testing/in-memory-user.repository.js';
import { Link } from '../../links/domain/link.js';
import { InMemoryLinkRepository } from '../../links/testing/in-memory-link.repository.js';
import { InMemoryPublicPageSource } from '../testing/in-memory-public-page.source.js';
import { FollowLinkUseCase } from './follow-link.use-case.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async () => {
  const users = new InMemoryUserRepository();
  const links = new InMemoryLinkRepository();
  const analytics = new InMemoryAnalyticsStore();
  const alice = User.register(
    { username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: null },
    new Date('2026-02-01T00:00:00.000Z'),
  );
  await users.add(alice);
  const link = Link.create(
    alice.id,
    { title: 'Shop', url: 'https://shop.example.com/x' },
    new Date('2026-03-01T00:00:00.000Z'),
  );
  await links.addWithinLimit(link, null);
  const source = new InMemoryPublicPageSource(users, links);
  const clock = new FixedClock(NOW);
  const setPremium = (isPremium: boolean) =>
    users.change(alice.id, (user) => {
      user.isPremium = isPremium;
    });
  return {
    alice,
    links,
    analytics,
    link,
    source,
    clock,
    setPremium,
    follow: new FollowLinkUseCase(source, analytics, clock),
  };
};

describe('FollowLinkUseCase', () => {
  it('answers where the link goes and counts the click with the referrer’s host, the source, the visitor and the time', async () => {
    const { alice, analytics, link, follow } = await setup();
    const source = { source: 'newsletter', medium: null, campaign: null };
    const origin = { address: '2001:67c:2e8::1', userAgent: 'Mozilla/5.0 (iPad)' };

    const url = await follow.execute(link.id, {
      isBot: false,
      referrer: 'https://t.co/abc',
      device: 'tablet',
      source,
      origin,
    });

    expect(url).toBe('https://shop.example.com/x');
    expect(analytics.recorded()).toEqual([
      {
        kind: 'click',
        ownerId: alice.id,
        linkId: link.id,
        occurredAt: NOW,
        referrer: 't.co',
        device: 'tablet',
        source,
        visitor: origin,
      },
    ]);
    expect(await analytics.clicksByLink(alice.id)).toEqual(new Map([[link.id, 1]]));
  });

  it('counts a click without a referrer', async () => {
    const { analytics, link, follow } = await setup();

    await follow.execute(link.id, { isBot: false });

    expect(analytics.recorded()).toEqual([expect.objectContaining({ kind: 'click', referrer: null })]);
  });

  it('finds the link whatever the letter case of its id', async () => {
    const { analytics, link, follow } = await setup();

    expect(await follow.execute(link.id.toUpperCase(), { isBot: false })).toBe('https://shop.example.com/x');
    expect(analytics.recorded()).toEqual([expect.objectContaining({ linkId: link.id })]);
  });

  it('sends a bot on but does not count its click', async () => {
    const { analytics, link, follow } = await setup();

    expect(await follow.execute(link.id, { isBot: true, referrer: 'https://t.co/abc' })).toBe(
      'https://shop.example.com/x',
    );
    expect(analytics.recorded()).toEqual([]);
  });

  it('answers where the link goes without counting when there is no visitor (a HEAD request)', async () => {
    const { analytics, link, follow } = await setup();

    expect(await follow.execute(link.id, null)).toBe('https://shop.example.com/x');
    expect(analytics.recorded()).toEqual([]);
  });

  it('answers not found for an inactive link and counts nothing', async () => {
    const { links, analytics, link, follow } = await setup();
    link.change({ isActive: false }, NOW);
    await links.save(link);

    await expect(follow.execute(link.id, { isBot: false })).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect(analytics.recorded()).toEqual([]);
  });

  it('answers not found for a missing link', async () => {
    const { analytics, follow } = await setup();

    await expect(follow.execute('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', { isBot: false })).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect(analytics.recorded()).toEqual([]);
  });

  it.each(['not-a-uuid', '', '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d1', "' or 1=1 --"])(
    'answers not found for the malformed id %p without asking the source',
    async (id) => {
      const { analytics, source, follow } = await setup();
      // A source asked anything now rejects with its own error, not with not found.
      source.failing = true;

      await expect(follow.execute(id, { isBot: false })).rejects.toEqual(
        aDomainError('not_found', Messages.linkNotFound),
      );
      await expect(follow.execute(id, null)).rejects.toEqual(aDomainError('not_found', Messages.linkNotFound));
      expect(analytics.recorded()).toEqual([]);
    },
  );

  describe('on a scheduled link', () => {
    const START = '2026-03-02T09:00:00.000Z';
    const END = '2026-03-02T17:00:00.000Z';

    const scheduled = async () => {
      const context = await setup();
      await context.setPremium(true);
      context.link.change({ startsAt: START, endsAt: END }, NOW, { isPremium: true });
      await context.links.save(context.link);
      return context;
    };

    it.each([
      ['exactly at the start', START],
      ['during the window', '2026-03-02T12:00:00.000Z'],
      ['a millisecond before the end', '2026-03-02T16:59:59.999Z'],
    ])('sends the visitor on and counts the click %s', async (_case, now) => {
      const { analytics, clock, follow, link } = await scheduled();
      clock.set(now);

      expect(await follow.execute(link.id, { isBot: false })).toBe('https://shop.example.com/x');
      expect(analytics.recorded()).toEqual([expect.objectContaining({ kind: 'click', occurredAt: new Date(now) })]);
    });

    it.each([
      ['before the start', '2026-03-02T08:59:59.999Z'],
      ['exactly at the end', END],
      ['after the end', '2026-03-03T00:00:00.000Z'],
    ])('answers not found %s and counts nothing, as for an inactive link', async (_case, now) => {
      const { analytics, clock, follow, link } = await scheduled();
      clock.set(now);

      await expect(follow.execute(link.id, { isBot: false })).rejects.toEqual(
        aDomainError('not_found', Messages.linkNotFound),
      );
      await expect(follow.execute(link.id, null)).rejects.toEqual(aDomainError('not_found', Messages.linkNotFound));
      expect(analytics.recorded()).toEqual([]);
    });

    it('sends the visitor on outside the window once the creator’s premium ended', async () => {
      const { analytics, clock, follow, link, setPremium } = await scheduled();
      await setPremium(false);
      clock.set('2026-03-03T00:00:00.000Z');

      expect(await follow.execute(link.id, { isBot: false })).toBe('https://shop.example.com/x');
      expect(analytics.recorded()).toHaveLength(1);
    });
  });
});

describe('FollowLinkUseCase with headers and embeds', () => {
  it('answers a header as an unknown link and never counts a click on it', async () => {
    const { alice, links, analytics, follow } = await setup();
    const header = Link.create(alice.id, { kind: 'header', title: 'Music' }, NOW);
    await links.addWithinLimit(header, null);

    await expect(follow.execute(header.id, { isBot: false, referrer: null })).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect(analytics.recorded()).toEqual([]);
  });

  it('leads an embed to its service and counts the click', async () => {
    const { alice, links, analytics, follow } = await setup();
    const embed = Link.create(alice.id, { kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' }, NOW);
    await links.addWithinLimit(embed, null);

    expect(await follow.execute(embed.id, { isBot: false, referrer: null })).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(await analytics.clicksByLink(alice.id)).toEqual(new Map([[embed.id, 1]]));
  });
});
