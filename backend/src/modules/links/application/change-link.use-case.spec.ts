import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { Link } from '../domain/link.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import { ChangeLinkUseCase } from './change-link.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const CREATED = new Date('2026-03-01T09:00:00.000Z');
const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async () => {
  const links = new InMemoryLinkRepository();
  const add = async (ownerId: string, title: string, minute: number) => {
    const link = Link.create(
      ownerId,
      { title, url: 'https://example.com' },
      new Date(CREATED.getTime() + minute * 60_000),
    );
    await links.addWithinLimit(link, null);
    return link;
  };
  const [a, b, c] = [await add(ALICE, 'A', 0), await add(ALICE, 'B', 1), await add(ALICE, 'C', 2)];
  const bobs = await add(BOB, 'Bob’s', 3);
  return { links, a, b, c, bobs, change: new ChangeLinkUseCase(links, new FixedClock(NOW)) };
};

const titles = (links: Link[]) => links.map((link) => link.title);

describe('ChangeLinkUseCase', () => {
  describe('update', () => {
    it('stores the change to the creator’s own link and stamps the time', async () => {
      const { links, a, change } = await setup();

      const answer = await change.update(ALICE, a.id, {
        title: ' Renamed ',
        url: 'https://new.example.com',
        isActive: false,
      });

      expect(await links.findOwned(ALICE, a.id)).toMatchObject({
        title: 'Renamed',
        url: 'https://new.example.com',
        isActive: false,
        order: 0,
        createdAt: CREATED,
        updatedAt: NOW,
      });
      expect(answer).toMatchObject({ title: 'Renamed', isActive: false });
    });

    it('answers "Link not found" for another creator’s link and leaves it alone', async () => {
      const { links, bobs, change } = await setup();

      await expect(change.update(ALICE, bobs.id, { title: 'Mine now' })).rejects.toEqual(
        aDomainError('not_found', 'Link not found'),
      );
      expect((await links.findOwned(BOB, bobs.id))!.title).toBe('Bob’s');
    });

    it('answers "Link not found" for a missing link, exactly as for another creator’s', async () => {
      const { bobs, change } = await setup();

      const missing = await change
        .update(ALICE, '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', { title: 'x' })
        .catch((e: unknown) => e);
      const foreign = await change.update(ALICE, bobs.id, { title: 'x' }).catch((e: unknown) => e);

      expect(missing).toEqual(aDomainError('not_found', Messages.linkNotFound));
      expect(foreign).toEqual(missing);
    });

    it('stores nothing when the change is refused', async () => {
      const { links, a, change } = await setup();

      await expect(change.update(ALICE, a.id, { title: 'Fine', url: 'javascript:alert(1)' })).rejects.toEqual(
        aDomainError('invalid', Messages.invalidUrl),
      );
      expect(await links.findOwned(ALICE, a.id)).toMatchObject({
        title: 'A',
        url: 'https://example.com',
        updatedAt: CREATED,
      });
    });
  });

  describe('delete', () => {
    it('removes the creator’s own link', async () => {
      const { links, b, change } = await setup();

      await change.delete(ALICE, b.id);

      expect(titles(await links.listForOwner(ALICE))).toEqual(['C', 'A']);
    });

    it('answers "Link not found" for another creator’s link and keeps it', async () => {
      const { links, bobs, change } = await setup();

      await expect(change.delete(ALICE, bobs.id)).rejects.toEqual(aDomainError('not_found', Messages.linkNotFound));
      expect(await links.findOwned(BOB, bobs.id)).not.toBeNull();
    });
  });

  describe('reorder', () => {
    it('puts the links in the given order and answers the new list', async () => {
      const { links, a, b, c, change } = await setup();
      expect(titles(await links.listForOwner(ALICE))).toEqual(['C', 'B', 'A']);

      const answer = await change.reorder(ALICE, [a.id, c.id, b.id]);

      expect(answer.map((link) => [link.title, link.order])).toEqual([
        ['A', 0],
        ['C', 1],
        ['B', 2],
      ]);
      expect(titles(await links.listForOwner(ALICE))).toEqual(['A', 'C', 'B']);
      expect((await links.findOwned(ALICE, b.id))!.updatedAt).toEqual(NOW);
    });

    it.each([
      ['a link left out', (ids: string[]) => ids.slice(1)],
      ['a link twice', (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!]],
      ['another creator’s link', (ids: string[], foreign: string) => [ids[0]!, ids[1]!, foreign]],
      ['an unknown id', (ids: string[]) => [...ids.slice(1), '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11']],
      ['no links', () => []],
    ])(
      'refuses an order with %s and changes nothing',
      async (_case, order: (ids: string[], foreign: string) => string[]) => {
        const { links, a, b, c, bobs, change } = await setup();

        await expect(change.reorder(ALICE, order([a.id, b.id, c.id], bobs.id))).rejects.toEqual(
          aDomainError('invalid', Messages.orderIds),
        );
        const after = await links.listForOwner(ALICE);
        expect(after.map((link) => [link.title, link.order, link.updatedAt])).toEqual([
          ['C', 0, new Date(CREATED.getTime() + 120_000)],
          ['B', 0, new Date(CREATED.getTime() + 60_000)],
          ['A', 0, CREATED],
        ]);
      },
    );
  });
});
