import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { InMemoryObjectStorage } from '../../media/testing/in-memory-object-storage.js';
import { Link } from '../domain/link.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import { ChangeLinkUseCase } from './change-link.use-case.js';
import { ListLinksUseCase } from './list-links.use-case.js';

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
  /** A visitor's click, as the public pages record it. */
  const click = (link: Link) =>
    analytics.record({
      kind: 'click',
      ownerId: link.ownerId,
      linkId: link.id,
      occurredAt: clock.now(),
      referrer: null,
      device: null,
    });
  return { add, click, list: new ListLinksUseCase(links, analytics) };
};

describe('ListLinksUseCase', () => {
  it('lists every link of the creator in list order, each with its click count', async () => {
    const { add, click, list } = await setup();
    const first = await add(ALICE, 'first', 0);
    const hidden = await add(ALICE, 'hidden', 1, false);
    const last = await add(ALICE, 'last', 2);
    const bobs = await add(BOB, 'bobs', 0);
    await click(last);
    await click(last);
    await click(first);
    await click(bobs);

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
    await click(clicked);
    await click(clicked);

    expect(await list.clicksOf(ALICE, clicked.id)).toBe(2);
    expect(await list.clicksOf(ALICE, quiet.id)).toBe(0);
  });

  it('lists nothing for a creator without links', async () => {
    const { list } = await setup();

    expect(await list.forOwner(ALICE)).toEqual([]);
  });
});

describe('Editing a link keeps its clicks', () => {
  it('lists the same click count after the title and URL change', async () => {
    const links = new InMemoryLinkRepository();
    const analytics = new InMemoryAnalyticsStore();
    const clock = new FixedClock();
    const owner = { id: ALICE, isPremium: false };
    const link = Link.create(ALICE, { title: 'Shop', url: 'https://shop.example.com' }, clock.now());
    await links.addWithinLimit(link, null);
    for (let n = 0; n < 3; n += 1) {
      await analytics.record({ kind: 'click', ownerId: ALICE, linkId: link.id, occurredAt: clock.now(), referrer: null, device: null });
    }
    const list = new ListLinksUseCase(links, analytics);

    await new ChangeLinkUseCase(links, clock, new InMemoryObjectStorage()).update(owner, link.id, { title: 'My shop', url: 'https://maya.store' });

    expect((await list.forOwner(ALICE)).map(({ link: l, clicks }) => [l.id, l.title, l.url, clicks])).toEqual([
      [link.id, 'My shop', 'https://maya.store', 3],
    ]);
    expect(await list.clicksOf(ALICE, link.id)).toBe(3);
  });
});
