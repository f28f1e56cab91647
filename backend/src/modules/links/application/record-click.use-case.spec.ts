import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { Link } from '../domain/link.js';
import { InMemoryLinkOwnerPlans } from '../testing/in-memory-link-owner-plans.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import { RecordClickUseCase } from './record-click.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async () => {
  const links = new InMemoryLinkRepository();
  const analytics = new InMemoryAnalyticsStore();
  const link = Link.create(
    ALICE,
    { title: 'Shop', url: 'https://shop.example.com/x' },
    new Date('2026-03-01T00:00:00.000Z'),
  );
  await links.addWithinLimit(link, null);
  const owners = new InMemoryLinkOwnerPlans();
  const clock = new FixedClock(NOW);
  return { links, analytics, link, owners, clock, click: new RecordClickUseCase(links, analytics, clock, owners) };
};

describe('RecordClickUseCase', () => {
  it('answers where the link goes and counts the click with the referrer’s host and the time', async () => {
    const { analytics, link, click } = await setup();

    const url = await click.execute(link.id, { isBot: false, referrer: 'https://t.co/abc', device: 'tablet' });

    expect(url).toBe('https://shop.example.com/x');
    expect(analytics.recorded()).toEqual([
      { kind: 'click', ownerId: ALICE, linkId: link.id, occurredAt: NOW, referrer: 't.co', device: 'tablet' },
    ]);
    expect(await analytics.clicksByLink(ALICE)).toEqual(new Map([[link.id, 1]]));
  });

  it('counts a click without a referrer', async () => {
    const { analytics, link, click } = await setup();

    await click.execute(link.id, { isBot: false });

    expect(analytics.recorded()).toEqual([expect.objectContaining({ kind: 'click', referrer: null })]);
  });

  it('sends a bot on but does not count its click', async () => {
    const { analytics, link, click } = await setup();

    expect(await click.execute(link.id, { isBot: true, referrer: 'https://t.co/abc' })).toBe(
      'https://shop.example.com/x',
    );
    expect(analytics.recorded()).toEqual([]);
  });

  it('answers where the link goes without counting when there is no visitor (a HEAD request)', async () => {
    const { analytics, link, click } = await setup();

    expect(await click.execute(link.id, null)).toBe('https://shop.example.com/x');
    expect(analytics.recorded()).toEqual([]);
  });

  it('answers not found for an inactive link and counts nothing', async () => {
    const { links, analytics, link, click } = await setup();
    link.change({ isActive: false }, NOW);
    await links.save(link);

    await expect(click.execute(link.id, { isBot: false })).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect(analytics.recorded()).toEqual([]);
  });

  it('answers not found for a missing link', async () => {
    const { analytics, click } = await setup();

    await expect(click.execute('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', { isBot: false })).rejects.toEqual(
      aDomainError('not_found', Messages.linkNotFound),
    );
    expect(analytics.recorded()).toEqual([]);
  });

  describe('on a scheduled link', () => {
    const START = '2026-03-02T09:00:00.000Z';
    const END = '2026-03-02T17:00:00.000Z';

    const scheduled = async () => {
      const context = await setup();
      context.owners.setPremium(ALICE);
      context.link.change({ startsAt: START, endsAt: END }, NOW, { isPremium: true });
      await context.links.save(context.link);
      return context;
    };

    it.each([
      ['exactly at the start', START],
      ['during the window', '2026-03-02T12:00:00.000Z'],
      ['a millisecond before the end', '2026-03-02T16:59:59.999Z'],
    ])('sends the visitor on and counts the click %s', async (_case, now) => {
      const { analytics, clock, click, link } = await scheduled();
      clock.set(now);

      expect(await click.execute(link.id, { isBot: false })).toBe('https://shop.example.com/x');
      expect(analytics.recorded()).toEqual([expect.objectContaining({ kind: 'click', occurredAt: new Date(now) })]);
    });

    it.each([
      ['before the start', '2026-03-02T08:59:59.999Z'],
      ['exactly at the end', END],
      ['after the end', '2026-03-03T00:00:00.000Z'],
    ])('answers not found %s and counts nothing, as for an inactive link', async (_case, now) => {
      const { analytics, clock, click, link } = await scheduled();
      clock.set(now);

      await expect(click.execute(link.id, { isBot: false })).rejects.toEqual(
        aDomainError('not_found', Messages.linkNotFound),
      );
      await expect(click.execute(link.id, null)).rejects.toEqual(aDomainError('not_found', Messages.linkNotFound));
      expect(analytics.recorded()).toEqual([]);
    });

    it('sends the visitor on outside the window once the creator’s premium ended', async () => {
      const { analytics, clock, click, link, owners } = await scheduled();
      owners.setPremium(ALICE, false);
      clock.set('2026-03-03T00:00:00.000Z');

      expect(await click.execute(link.id, { isBot: false })).toBe('https://shop.example.com/x');
      expect(analytics.recorded()).toHaveLength(1);
    });
  });
});
