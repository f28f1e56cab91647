import { ScheduleMessages } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import type { LinkRepository } from '../application/ports/link.repository.js';
import { Link } from '../domain/link.js';

export interface LinkRepositoryFixture {
  /** The repository under test. */
  links: LinkRepository;
  /** Another repository over the same store with nothing cached: what the next request would see. */
  reopen(): LinkRepository;
  /** Stores a creator that links can belong to and returns their id. */
  newOwner(): Promise<Id>;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** What a stored link is, without the object it lives in. */
const fields = (link: Link | null) =>
  link && {
    id: link.id,
    ownerId: link.ownerId,
    kind: link.kind,
    title: link.title,
    url: link.url,
    isActive: link.isActive,
    order: link.order,
    startsAt: link.startsAt?.toISOString() ?? null,
    endsAt: link.endsAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
  };

const idsOf = (links: Link[]) => links.map((link) => link.id);
const iso = (minutes: number) => at(minutes).toISOString();
const PREMIUM = { isPremium: true };

/**
 * The behaviour every LinkRepository has, run against the in-memory fake and against PostgreSQL, so the
 * fake the use-case specs rely on stays honest.
 */
export function describeLinkRepositoryContract(name: string, setup: () => Promise<LinkRepositoryFixture>): void {
  describe(`LinkRepository contract: ${name}`, () => {
    let fixture: LinkRepositoryFixture;
    let links: LinkRepository;

    beforeEach(async () => {
      fixture = await setup();
      links = fixture.links;
    });

    afterEach(() => fixture.cleanup());

    /** Stores a link (no limit) and returns it. */
    async function stored(
      ownerId: Id,
      data: {
        title?: string;
        order?: number;
        minute?: number;
        active?: boolean;
        startsAt?: string | null;
        endsAt?: string | null;
      } = {},
    ) {
      const link = Link.create(
        ownerId,
        {
          title: data.title ?? 'My site',
          url: 'https://example.com/a',
          order: data.order ?? 0,
          startsAt: data.startsAt,
          endsAt: data.endsAt,
        },
        at(data.minute ?? 0),
        PREMIUM,
      );
      if (data.active === false) link.isActive = false;
      expect(await links.addWithinLimit(link, null)).toBe(true);
      return link;
    }

    it('stores an added link with every field as given', async () => {
      const owner = await fixture.newOwner();
      const link = Link.create(
        owner,
        { title: 'Shop', url: 'https://shop.example.com/x?y=1', order: 3, startsAt: iso(60), endsAt: iso(120) },
        at(5),
        PREMIUM,
      );
      link.isActive = false;

      expect(await links.addWithinLimit(link, 5)).toBe(true);

      expect(fields(await fixture.reopen().findOwned(owner, link.id))).toEqual(fields(link));
    });

    it('finds a link only for its owner, exactly as if another owner’s link did not exist', async () => {
      const owner = await fixture.newOwner();
      const stranger = await fixture.newOwner();
      const link = await stored(owner);

      expect((await links.findOwned(owner, link.id))?.id).toBe(link.id);
      expect(await links.findOwned(stranger, link.id)).toBeNull();
      expect(await links.findOwned(owner, '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11')).toBeNull();
    });

    it('lists an owner’s links by order ascending, newest first on equal order, inactive ones included', async () => {
      const owner = await fixture.newOwner();
      const other = await fixture.newOwner();
      const second = await stored(owner, { order: 1, minute: 0 });
      const olderTop = await stored(owner, { order: 0, minute: 1 });
      const newerTop = await stored(owner, { order: 0, minute: 2, active: false });
      const last = await stored(owner, { order: 7, minute: 9 });
      await stored(other, { order: 0, minute: 3 });

      expect(idsOf(await links.listForOwner(owner))).toEqual([newerTop.id, olderTop.id, second.id, last.id]);
      expect(idsOf(await fixture.reopen().listForOwner(owner))).toEqual([newerTop.id, olderTop.id, second.id, last.id]);
    });

    it('breaks a tie of order and creation time by id, so the list order never changes between reads', async () => {
      const owner = await fixture.newOwner();
      const a = await stored(owner, { minute: 4 });
      const b = await stored(owner, { minute: 4 });

      expect(idsOf(await links.listForOwner(owner))).toEqual([a.id, b.id].sort());
    });

    it('lists nothing for an owner without links', async () => {
      expect(await links.listForOwner(await fixture.newOwner())).toEqual([]);
    });

    it('keeps a schedule to the millisecond and clears it again', async () => {
      const owner = await fixture.newOwner();
      const link = await stored(owner, { startsAt: '2026-03-02T09:00:00.001Z', endsAt: '2026-03-02T09:00:00.002Z' });

      expect(fields(await fixture.reopen().findOwned(owner, link.id))).toMatchObject({
        startsAt: '2026-03-02T09:00:00.001Z',
        endsAt: '2026-03-02T09:00:00.002Z',
      });

      const reread = (await links.findOwned(owner, link.id))!;
      reread.change({ startsAt: null, endsAt: null }, at(1));
      await links.save(reread);
      expect(fields(await fixture.reopen().findOwned(owner, link.id))).toMatchObject({ startsAt: null, endsAt: null });
    });

    it('adds within the limit and refuses, storing nothing, once the owner holds that many links', async () => {
      const owner = await fixture.newOwner();
      const other = await fixture.newOwner();
      await stored(other);
      await stored(other);
      const created = (minute: number) =>
        Link.create(owner, { title: `Link ${minute}`, url: 'https://example.com' }, at(minute));

      expect(await links.addWithinLimit(created(1), 2)).toBe(true);
      expect(await links.addWithinLimit(created(2), 2)).toBe(true);
      const refused = created(3);
      expect(await links.addWithinLimit(refused, 2)).toBe(false);

      expect(await fixture.reopen().findOwned(owner, refused.id)).toBeNull();
      expect(await fixture.reopen().listForOwner(owner)).toHaveLength(2);
    });

    it('counts inactive links towards the limit', async () => {
      const owner = await fixture.newOwner();
      await stored(owner, { active: false });

      expect(await links.addWithinLimit(Link.create(owner, { title: 'x', url: 'https://example.com' }, at(1)), 1)).toBe(
        false,
      );
    });

    it('keeps each kind of block, and counts links and embeds toward the limit but never headers', async () => {
      const owner = await fixture.newOwner();
      const header = Link.create(owner, { kind: 'header', title: 'Music' }, at(1));
      const embed = Link.create(owner, { kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' }, at(2));
      expect(await links.addWithinLimit(header, 1)).toBe(true);
      expect(await links.addWithinLimit(embed, 1)).toBe(true);
      expect(await links.addWithinLimit(Link.create(owner, { kind: 'header', title: 'Videos' }, at(3)), 1)).toBe(true);
      expect(await links.addWithinLimit(Link.create(owner, { title: 'Shop', url: 'https://example.com' }, at(4)), 1)).toBe(
        false,
      );

      const reopened = fixture.reopen();
      expect(fields(await reopened.findOwned(owner, header.id))).toEqual(fields(header));
      expect(fields(await reopened.findOwned(owner, embed.id))).toMatchObject({ kind: 'embed', title: 'YouTube' });
      expect((await reopened.listForOwner(owner)).map((link) => link.kind)).toEqual(['header', 'embed', 'header']);
    });

    it('has no limit when the limit is null', async () => {
      const owner = await fixture.newOwner();
      for (let minute = 0; minute < 7; minute += 1) {
        const link = Link.create(owner, { title: `Link ${minute}`, url: 'https://example.com' }, at(minute));
        expect(await links.addWithinLimit(link, null)).toBe(true);
      }

      expect(await fixture.reopen().listForOwner(owner)).toHaveLength(7);
    });

    it('adds several links after the owner’s last one, in the order given, all or none within the limit', async () => {
      const owner = await fixture.newOwner();
      const other = await fixture.newOwner();
      await stored(other, { order: 9 });
      const first = await stored(owner, { order: 0, minute: 0 });
      const second = await stored(owner, { order: 2, minute: 1 });
      const batch = (...titles: string[]) =>
        titles.map((title, index) => Link.create(owner, { title, url: `https://example.com/${title}` }, at(10 + index)));

      expect(await links.addAllWithinLimit(owner, batch('a', 'b', 'c', 'd'), 5)).toBe(false);
      expect(await fixture.reopen().listForOwner(owner)).toHaveLength(2);

      const added = batch('a', 'b', 'c');
      expect(await links.addAllWithinLimit(owner, added, 5)).toBe(true);

      const listed = await fixture.reopen().listForOwner(owner);
      expect(listed.map((link) => [link.title, link.order])).toEqual([
        ['My site', 0],
        ['My site', 2],
        ['a', 3],
        ['b', 4],
        ['c', 5],
      ]);
      expect(idsOf(listed)).toEqual([first.id, second.id, ...idsOf(added)]);
      expect(await links.addAllWithinLimit(owner, batch('e'), 5)).toBe(false);
      expect(await links.addAllWithinLimit(owner, batch('e', 'f'), null)).toBe(true);
      expect(await fixture.reopen().listForOwner(other)).toHaveLength(1);
    });

    it('adds several links beside the owner’s headers: headers take no room on the limit', async () => {
      const owner = await fixture.newOwner();
      expect(await links.addWithinLimit(Link.create(owner, { kind: 'header', title: 'Music' }, at(1)), 2)).toBe(true);
      expect(await links.addWithinLimit(Link.create(owner, { kind: 'header', title: 'Videos' }, at(2)), 2)).toBe(true);
      const two = [1, 2].map((n) => Link.create(owner, { title: `t${n}`, url: `https://example.com/${n}` }, at(2 + n)));
      expect(await links.addAllWithinLimit(owner, two, 2)).toBe(true);
      expect(await links.addAllWithinLimit(owner, [Link.create(owner, { title: 't3', url: 'https://example.com/3' }, at(9))], 2)).toBe(false);
      expect(await fixture.reopen().listForOwner(owner)).toHaveLength(4);
    });

    it('adds several links to an owner without links from order 0', async () => {
      const owner = await fixture.newOwner();
      expect(await links.addAllWithinLimit(owner, [Link.create(owner, { title: 'x', url: 'https://example.com' }, at(1))], 1)).toBe(true);
      expect((await fixture.reopen().listForOwner(owner)).map((link) => link.order)).toEqual([0]);
    });

    it('saves changes to a link it returned', async () => {
      const owner = await fixture.newOwner();
      const { id } = await stored(owner);
      const link = (await links.findOwned(owner, id))!;

      link.change(
        {
          title: 'Renamed',
          url: 'http://renamed.example.org',
          isActive: false,
          order: 4,
          endsAt: '2026-03-02T10:00:00+01:00',
        },
        at(30),
        PREMIUM,
      );
      await links.save(link);

      expect(fields(await fixture.reopen().findOwned(owner, id))).toEqual({
        ...fields(link),
        title: 'Renamed',
        url: 'http://renamed.example.org',
        isActive: false,
        order: 4,
        startsAt: null,
        endsAt: '2026-03-02T09:00:00.000Z',
        createdAt: at(0).toISOString(),
        updatedAt: at(30).toISOString(),
      });
    });

    it('changes the owner’s link in one step, saves nothing when the change throws, and finds no one else’s', async () => {
      const owner = await fixture.newOwner();
      const { id } = await stored(owner);

      const changed = await links.changeOwned(owner, id, (link) => link.change({ title: 'Renamed' }, at(10)));
      expect(changed?.title).toBe('Renamed');
      expect(fields(await fixture.reopen().findOwned(owner, id))).toMatchObject({ title: 'Renamed' });

      await expect(
        links.changeOwned(owner, id, (link) => {
          link.change({ title: 'Half done' }, at(20));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(fields(await fixture.reopen().findOwned(owner, id))).toMatchObject({ title: 'Renamed' });

      const stranger = await fixture.newOwner();
      expect(await links.changeOwned(stranger, id, (link) => link.change({ title: 'Taken' }, at(30)))).toBeNull();
      expect(fields(await fixture.reopen().findOwned(owner, id))).toMatchObject({ title: 'Renamed' });
    });

    it('applies concurrent changes one after the other, so each is checked against what the other saved', async () => {
      const owner = await fixture.newOwner();
      const ids: Id[] = [];
      for (let index = 0; index < 12; index += 1) ids.push((await stored(owner, { startsAt: iso(0), endsAt: iso(100) })).id);

      // Each change alone is fine; together the end would fall before the start. Twelve pairs at once.
      const pairs = await Promise.all(
        ids.map((id) =>
          Promise.allSettled([
            links.changeOwned(owner, id, (link) => link.change({ endsAt: iso(30) }, at(1), PREMIUM)),
            links.changeOwned(owner, id, (link) => link.change({ startsAt: iso(50) }, at(1), PREMIUM)),
          ]),
        ),
      );

      for (const [index, results] of pairs.entries()) {
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        // Refused by the rule, with its message, not by the database's check after both passed it.
        const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toEqual(aDomainError('invalid', ScheduleMessages.endNotAfterStart));
        const saved = fields(await fixture.reopen().findOwned(owner, ids[index]))!;
        expect(new Date(saved.endsAt!).getTime()).toBeGreaterThan(new Date(saved.startsAt!).getTime());
      }
    });

    it('removes a link and nothing else', async () => {
      const owner = await fixture.newOwner();
      const kept = await stored(owner);
      const { id } = await stored(owner, { minute: 1 });

      await links.remove((await links.findOwned(owner, id))!);

      const reopened = fixture.reopen();
      expect(await reopened.findOwned(owner, id)).toBeNull();
      expect(idsOf(await reopened.listForOwner(owner))).toEqual([kept.id]);
    });

    it('reorders to order = position when given exactly the owner’s link ids, stamping the time', async () => {
      const owner = await fixture.newOwner();
      const a = await stored(owner, { minute: 0 });
      const b = await stored(owner, { minute: 1 });
      const c = await stored(owner, { minute: 2, active: false });
      await links.listForOwner(owner);

      expect(await links.reorder(owner, [a.id, c.id, b.id], at(60))).toBe(true);

      const listed = await links.listForOwner(owner);
      expect(listed.map((link) => [link.id, link.order])).toEqual([
        [a.id, 0],
        [c.id, 1],
        [b.id, 2],
      ]);
      const reopened = await fixture.reopen().listForOwner(owner);
      expect(reopened.map(fields)).toEqual(listed.map(fields));
      expect(reopened.map((link) => link.updatedAt.toISOString())).toEqual(Array(3).fill(at(60).toISOString()));
    });

    it('reorders an owner without links with an empty list', async () => {
      expect(await links.reorder(await fixture.newOwner(), [], at(1))).toBe(true);
    });

    it.each([
      ['an id left out', (own: Id[]) => own.slice(0, 2)],
      ['an id twice instead of another', (own: Id[]) => [own[0]!, own[0]!, own[1]!]],
      ['an id twice besides all the others', (own: Id[]) => [...own, own[0]!]],
      ['another owner’s link id', (own: Id[], foreign: Id) => [own[0]!, own[1]!, foreign]],
      ['another owner’s link id in addition', (own: Id[], foreign: Id) => [...own, foreign]],
      ['an unknown id', (own: Id[]) => [own[0]!, own[1]!, '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11']],
      ['nothing', () => []],
    ])('refuses a reorder with %s and changes nothing', async (_case, ids: (own: Id[], foreign: Id) => Id[]) => {
      const owner = await fixture.newOwner();
      const stranger = await fixture.newOwner();
      const own = [
        await stored(owner, { minute: 0 }),
        await stored(owner, { minute: 1 }),
        await stored(owner, { minute: 2 }),
      ];
      const foreign = await stored(stranger, { minute: 3 });
      const before = (await fixture.reopen().listForOwner(owner)).map(fields);

      expect(await links.reorder(owner, ids(idsOf(own).reverse(), foreign.id), at(60))).toBe(false);

      expect((await fixture.reopen().listForOwner(owner)).map(fields)).toEqual(before);
      expect(fields(await fixture.reopen().findOwned(stranger, foreign.id))).toEqual(fields(foreign));
    });
  });
}
