import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { Link } from '../domain/link.js';
import { InMemoryLinkOwnerPlans } from '../testing/in-memory-link-owner-plans.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import { ListLinksUseCase } from './list-links.use-case.js';
import { RecordClickUseCase } from './record-click.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';

const setup = async () => {
  const links = new InMemoryLinkRepository();
  const analytics = new InMemoryAnalyticsStore();
  const clock = new FixedClock();
  const add = async (ownerId: string, title: string, order: number, active = true) => {
    const link = Link.create(ownerId, { title, url: `https://example.com/${title}`, order }, clock.advance(1000));
    link.isActive = active;
    await links.addWithinLimit(link, null);
    return link;
  };
  const click = new RecordClickUseCase(links, analytics, clock, new InMemoryLinkOwnerPlans());
  return { add, click, clock, links, list: new ListLinksUseCase(links, analytics) };
};

describe('ListLinksUseCase', () => {
  it('lists every link of the creator in list order, each with its click count', async () => {
    const { add, click, list } = await setup();
    const first = await add(ALICE, 'first', 0);
    const hidden = await add(ALICE, 'hidden', 1, false);
    const last = await add(ALICE, 'last', 2);
    const bobs = await add(BOB, 'bobs', 0);
    await click.execute(last.id, { isBot: false });
    await click.execute(last.id, { isBot: false });
    await click.execute(first.id, { isBot: false });
    await click.execute(bobs.id, { isBot: false });

    const listed = await list.forOwner(ALICE);

    expect(listed.map(({ link, clicks }) => [link.id, clicks])).toEqual([
      [first.id, 1],
      [hidden.id, 0],
      [last.id, 2],
    ]);
  });

  it("answers one link's click count, 0 without clicks", async () => {
    const { add, click, list } = await setup();
    const clicked = await add(ALICE, 'clicked', 0);
    const quiet = await add(ALICE, 'quiet', 1);
    await click.execute(clicked.id, { isBot: false });
    await click.execute(clicked.id, { isBot: false });

    expect(await list.clicksOf(ALICE, clicked.id)).toBe(2);
    expect(await list.clicksOf(ALICE, quiet.id)).toBe(0);
  });

  it('lists nothing for a creator without links', async () => {
    const { list } = await setup();

    expect(await list.forOwner(ALICE)).toEqual([]);
  });

  it('shows and counts only the active links for the public page', async () => {
    const { add, clock, list } = await setup();
    await add(ALICE, 'b', 1);
    await add(ALICE, 'off', 0, false);
    await add(ALICE, 'a', 0);
    await add(BOB, 'bobs', 0);

    expect((await list.active({ id: ALICE, isPremium: false }, clock.now())).map((link) => link.title)).toEqual([
      'a',
      'b',
    ]);
    expect(await list.countActive(ALICE)).toBe(2);
  });

  describe('the public page of a scheduled link', () => {
    const START = '2026-03-02T09:00:00.000Z';
    const END = '2026-03-02T17:00:00.000Z';

    const scheduled = async () => {
      const { add, clock, links, list } = await setup();
      clock.set('2026-03-01T00:00:00.000Z');
      await add(ALICE, 'always', 0);
      const sale = Link.create(
        ALICE,
        { title: 'sale', url: 'https://example.com/sale', order: 1, startsAt: START, endsAt: END },
        clock.now(),
        { isPremium: true },
      );
      await links.addWithinLimit(sale, null);
      const shownAt = async (now: string, isPremium = true) =>
        (await list.active({ id: ALICE, isPremium }, new Date(now))).map((link) => link.title);
      return { shownAt };
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
        const { shownAt } = await scheduled();

        expect(await shownAt(now, false)).toEqual(['always', 'sale']);
      },
    );
  });
});
