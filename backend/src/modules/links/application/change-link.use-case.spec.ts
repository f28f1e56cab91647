import { Messages, ScheduleMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryObjectStorage } from '../../media/testing/in-memory-object-storage.js';
import { Link } from '../domain/link.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import { ChangeLinkUseCase } from './change-link.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const CREATED = new Date('2026-03-01T09:00:00.000Z');
const NOW = new Date('2026-03-02T12:00:00.000Z');
const alice = { id: ALICE, isPremium: false };

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
  return { links, a, b, c, bobs, change: new ChangeLinkUseCase(links, new FixedClock(NOW), new InMemoryObjectStorage()) };
};

const titles = (links: Link[]) => links.map((link) => link.title);

describe('ChangeLinkUseCase', () => {
  describe('update', () => {
    it('stores the change to the creator’s own link and stamps the time', async () => {
      const { links, a, change } = await setup();

      const answer = await change.update(alice, a.id, {
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

      await expect(change.update(alice, bobs.id, { title: 'Mine now' })).rejects.toEqual(
        aDomainError('not_found', 'Link not found'),
      );
      expect((await links.findOwned(BOB, bobs.id))!.title).toBe('Bob’s');
    });

    it('answers "Link not found" for a missing link, exactly as for another creator’s', async () => {
      const { bobs, change } = await setup();

      const missing = await change
        .update(alice, '6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', { title: 'x' })
        .catch((e: unknown) => e);
      const foreign = await change.update(alice, bobs.id, { title: 'x' }).catch((e: unknown) => e);

      expect(missing).toEqual(aDomainError('not_found', Messages.linkNotFound));
      expect(foreign).toEqual(missing);
    });

    it('stores nothing when the change is refused', async () => {
      const { links, a, change } = await setup();

      await expect(change.update(alice, a.id, { title: 'Fine', url: 'javascript:alert(1)' })).rejects.toEqual(
        aDomainError('invalid', Messages.invalidUrl),
      );
      expect(await links.findOwned(ALICE, a.id)).toMatchObject({
        title: 'A',
        url: 'https://example.com',
        updatedAt: CREATED,
      });
    });
  });

  describe('update: scheduling (Premium)', () => {
    const premium = { id: ALICE, isPremium: true };
    const schedule = async (
      setup_: Awaited<ReturnType<typeof setup>>,
      owner: { id: string; isPremium: boolean },
      data: { startsAt?: string | null; endsAt?: string | null },
    ) => setup_.change.update(owner, setup_.a.id, data);
    const saved = async ({ links, a }: Awaited<ReturnType<typeof setup>>) => {
      const link = (await links.findOwned(ALICE, a.id))!;
      return { startsAt: link.startsAt?.toISOString() ?? null, endsAt: link.endsAt?.toISOString() ?? null };
    };

    it('lets a premium creator set a start and an end, given in their own time zone', async () => {
      const context = await setup();

      const answer = await schedule(context, premium, {
        startsAt: '2026-03-06T09:00:00+01:00',
        endsAt: '2026-03-06T18:00:00-05:00',
      });

      expect(await saved(context)).toEqual({
        startsAt: '2026-03-06T08:00:00.000Z',
        endsAt: '2026-03-06T23:00:00.000Z',
      });
      expect(answer.startsAt).toEqual(new Date('2026-03-06T08:00:00.000Z'));
    });

    it('keeps the bound that is not sent and clears the one sent as null', async () => {
      const context = await setup();
      await schedule(context, premium, { startsAt: '2026-03-06T09:00:00Z', endsAt: '2026-03-07T09:00:00Z' });

      await schedule(context, premium, { endsAt: '2026-03-08T09:00:00Z' });
      expect(await saved(context)).toEqual({
        startsAt: '2026-03-06T09:00:00.000Z',
        endsAt: '2026-03-08T09:00:00.000Z',
      });

      await schedule(context, premium, { startsAt: null });
      expect(await saved(context)).toEqual({ startsAt: null, endsAt: '2026-03-08T09:00:00.000Z' });
    });

    it('refuses an end at or before the saved start, storing nothing', async () => {
      const context = await setup();
      await schedule(context, premium, { startsAt: '2026-03-06T09:00:00Z' });

      for (const endsAt of ['2026-03-06T09:00:00Z', '2026-03-06T10:00:00+02:00']) {
        await expect(schedule(context, premium, { endsAt })).rejects.toEqual(
          aDomainError('invalid', 'The end must be after the start.'),
        );
      }
      expect(await saved(context)).toEqual({ startsAt: '2026-03-06T09:00:00.000Z', endsAt: null });
    });

    it('refuses a free creator with a message that names Premium, storing nothing', async () => {
      const context = await setup();

      for (const data of [{ startsAt: '2026-03-06T09:00:00Z' }, { endsAt: '2026-03-06T09:00:00Z' }]) {
        await expect(schedule(context, alice, data)).rejects.toEqual(
          aDomainError('forbidden', 'Scheduling links is part of Premium. Upgrade to schedule when a link appears.'),
        );
      }
      await expect(
        context.change.update(alice, context.a.id, { title: 'Renamed', startsAt: '2026-03-06T09:00:00Z' }),
      ).rejects.toEqual(aDomainError('forbidden', ScheduleMessages.premiumOnly));
      expect(await saved(context)).toEqual({ startsAt: null, endsAt: null });
      expect((await context.links.findOwned(ALICE, context.a.id))!.title).toBe('A');
    });

    it('lets a creator whose premium ended clear a schedule, or send the saved one back, but not set a new one', async () => {
      const context = await setup();
      await schedule(context, premium, { startsAt: '2026-03-06T09:00:00Z', endsAt: '2026-03-07T09:00:00Z' });
      const lapsed = { id: ALICE, isPremium: false };

      await schedule(context, lapsed, { startsAt: '2026-03-06T10:00:00+01:00', endsAt: '2026-03-07T09:00:00.000Z' });
      await expect(schedule(context, lapsed, { endsAt: '2026-03-07T10:00:00Z' })).rejects.toEqual(
        aDomainError('forbidden', ScheduleMessages.premiumOnly),
      );
      expect(await saved(context)).toEqual({
        startsAt: '2026-03-06T09:00:00.000Z',
        endsAt: '2026-03-07T09:00:00.000Z',
      });

      await schedule(context, lapsed, { startsAt: null });
      expect(await saved(context)).toEqual({ startsAt: null, endsAt: '2026-03-07T09:00:00.000Z' });
      await schedule(context, lapsed, { endsAt: null });
      expect(await saved(context)).toEqual({ startsAt: null, endsAt: null });
    });

    it('lets a creator whose premium ended edit the rest of a scheduled link, keeping the saved schedule', async () => {
      const context = await setup();
      await schedule(context, premium, { startsAt: '2026-03-06T09:00:00Z' });

      await context.change.update({ id: ALICE, isPremium: false }, context.a.id, { title: 'Renamed', isActive: false });

      expect(await saved(context)).toEqual({ startsAt: '2026-03-06T09:00:00.000Z', endsAt: null });
    });

    it.each([
      ['a start more than ten years ahead', { startsAt: '2036-03-02T12:00:00.001Z' }],
      ['an end more than ten years ahead', { endsAt: '2036-03-02T13:00:01+01:00' }],
      ['a start more than ten years ago', { startsAt: '2016-03-02T11:59:59.999Z' }],
    ])('refuses %s', async (_case, data) => {
      const context = await setup();

      await expect(schedule(context, premium, data)).rejects.toEqual(
        aDomainError('invalid', 'Schedule dates must be within ten years from now.'),
      );
      expect(await saved(context)).toEqual({ startsAt: null, endsAt: null });
    });

    it('accepts bounds exactly ten years from now either way', async () => {
      const context = await setup();

      await schedule(context, premium, { startsAt: '2016-03-02T12:00:00Z', endsAt: '2036-03-02T12:00:00Z' });

      expect(await saved(context)).toEqual({
        startsAt: '2016-03-02T12:00:00.000Z',
        endsAt: '2036-03-02T12:00:00.000Z',
      });
    });

    it.each([
      [{ startsAt: '2026-03-06T09:00' }, ScheduleMessages.invalidStart],
      [{ endsAt: '2026-02-30T09:00:00Z' }, ScheduleMessages.invalidEnd],
    ])('refuses %p, which is not an instant with its zone', async (data, message) => {
      const context = await setup();

      await expect(schedule(context, premium, data)).rejects.toEqual(aDomainError('invalid', message));
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
