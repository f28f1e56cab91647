import { Messages, ScheduleMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryLinkRepository } from '../testing/in-memory-link.repository.js';
import type { LinkOwner } from '../domain/link.js';
import { CreateLinkUseCase } from './create-link.use-case.js';

const setup = () => {
  const links = new InMemoryLinkRepository();
  const clock = new FixedClock('2026-03-02T12:00:00.000Z');
  return { links, clock, create: new CreateLinkUseCase(links, clock) };
};

const free: LinkOwner = { id: 'a3c8e2d4-1111-4a6b-9c0d-000000000001', isPremium: false };
const premium: LinkOwner = { id: 'a3c8e2d4-1111-4a6b-9c0d-000000000002', isPremium: true };

describe('CreateLinkUseCase', () => {
  it('stores an active link with a trimmed title, on top of the list', async () => {
    const { links, clock, create } = setup();
    await create.execute(free, { title: 'Older', url: 'https://older.example.com' });
    clock.advance(1000);

    const link = await create.execute(free, { title: '  My shop ', url: 'https://shop.example.com' });

    expect(await links.findOwned(free.id, link.id)).toMatchObject({
      title: 'My shop',
      url: 'https://shop.example.com',
      isActive: true,
      order: 0,
      createdAt: new Date('2026-03-02T12:00:01.000Z'),
    });
    expect((await links.listForOwner(free.id)).map((l) => l.title)).toEqual(['My shop', 'Older']);
  });

  it('lets a free creator hold five links and refuses the sixth, storing nothing', async () => {
    const { links, create } = setup();
    for (let n = 1; n <= 5; n += 1) await create.execute(free, { title: `Link ${n}`, url: 'https://example.com' });

    await expect(create.execute(free, { title: 'Sixth', url: 'https://example.com' })).rejects.toEqual(
      aDomainError('forbidden', 'Free plan is limited to 5 links. Upgrade to Premium for unlimited links.'),
    );
    expect(await links.listForOwner(free.id)).toHaveLength(5);
  });

  it('counts inactive links towards the free limit', async () => {
    const { links, clock, create } = setup();
    for (let n = 1; n <= 5; n += 1) {
      const link = await create.execute(free, { title: `Link ${n}`, url: 'https://example.com' });
      link.change({ isActive: false }, clock.now());
      await links.save(link);
    }

    await expect(create.execute(free, { title: 'Sixth', url: 'https://example.com' })).rejects.toEqual(
      aDomainError('forbidden', Messages.freePlanLinkLimit),
    );
    expect((await links.listForOwner(free.id)).filter((link) => link.isActive)).toEqual([]);
  });

  it('lets a premium creator add links beyond five', async () => {
    const { links, create } = setup();
    for (let n = 1; n <= 8; n += 1) await create.execute(premium, { title: `Link ${n}`, url: 'https://example.com' });

    expect(await links.listForOwner(premium.id)).toHaveLength(8);
  });

  it('keeps every link of a creator whose premium ended, but adds none until they are under the limit', async () => {
    const { links, create } = setup();
    const lapsed = { id: premium.id, isPremium: true };
    for (let n = 1; n <= 6; n += 1) await create.execute(lapsed, { title: `Link ${n}`, url: 'https://example.com' });
    lapsed.isPremium = false;

    await expect(create.execute(lapsed, { title: 'Seventh', url: 'https://example.com' })).rejects.toEqual(
      aDomainError('forbidden', Messages.freePlanLinkLimit),
    );
    expect(await links.listForOwner(lapsed.id)).toHaveLength(6);

    const [first, second] = await links.listForOwner(lapsed.id);
    await links.remove(first!);
    await links.remove(second!);
    await create.execute(lapsed, { title: 'Back under', url: 'https://example.com' });
    expect(await links.listForOwner(lapsed.id)).toHaveLength(5);
  });

  it('does not count another creator’s links', async () => {
    const { links, create } = setup();
    for (let n = 1; n <= 5; n += 1) await create.execute(free, { title: `Link ${n}`, url: 'https://example.com' });
    const other = { id: 'a3c8e2d4-1111-4a6b-9c0d-000000000003', isPremium: false };

    await create.execute(other, { title: 'Mine', url: 'https://example.com' });

    expect(await links.listForOwner(other.id)).toHaveLength(1);
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:msgbox',
    'https://user:pw@example.com',
  ])('refuses the URL %p, storing nothing', async (url) => {
    const { links, create } = setup();

    await expect(create.execute(free, { title: 'Bad', url })).rejects.toEqual(
      aDomainError('invalid', Messages.invalidUrl),
    );
    expect(await links.listForOwner(free.id)).toEqual([]);
  });

  describe('with a schedule (Premium)', () => {
    it('stores the start and end a premium creator gives, read in their time zone', async () => {
      const { links, create } = setup();

      const link = await create.execute(premium, {
        title: 'Launch',
        url: 'https://example.com/launch',
        startsAt: '2026-03-03T09:00:00+09:00',
        endsAt: '2026-03-04T00:00:00Z',
      });

      expect(await links.findOwned(premium.id, link.id)).toMatchObject({
        startsAt: new Date('2026-03-03T00:00:00.000Z'),
        endsAt: new Date('2026-03-04T00:00:00.000Z'),
      });
    });

    it('stores a link without a schedule, or with null bounds, on any plan', async () => {
      const { links, create } = setup();

      const plain = await create.execute(free, { title: 'Plain', url: 'https://example.com' });
      const nulls = await create.execute(free, {
        title: 'Nulls',
        url: 'https://example.com',
        startsAt: null,
        endsAt: null,
      });

      for (const { id } of [plain, nulls]) {
        expect(await links.findOwned(free.id, id)).toMatchObject({ startsAt: null, endsAt: null });
      }
    });

    it.each([{ startsAt: '2026-03-03T09:00:00Z' }, { endsAt: '2026-03-03T09:00:00Z' }])(
      'refuses a free creator’s schedule %p with a message that names Premium, storing nothing',
      async (schedule) => {
        const { links, create } = setup();

        await expect(
          create.execute(free, { title: 'Launch', url: 'https://example.com', ...schedule }),
        ).rejects.toEqual(aDomainError('forbidden', ScheduleMessages.premiumOnly));
        expect(await links.listForOwner(free.id)).toEqual([]);
      },
    );

    it.each([
      [{ startsAt: '2026-03-03T09:00:00Z', endsAt: '2026-03-03T09:00:00Z' }, ScheduleMessages.endNotAfterStart],
      [{ startsAt: '2026-03-03T09:00:00Z', endsAt: '2026-03-03T08:00:00Z' }, ScheduleMessages.endNotAfterStart],
      [{ endsAt: '2036-03-02T12:00:00.001Z' }, ScheduleMessages.outOfRange],
      [{ startsAt: 'next monday' }, ScheduleMessages.invalidStart],
    ])('refuses the schedule %p with %p, storing nothing', async (schedule, message) => {
      const { links, create } = setup();

      await expect(
        create.execute(premium, { title: 'Launch', url: 'https://example.com', ...schedule }),
      ).rejects.toEqual(aDomainError('invalid', message));
      expect(await links.listForOwner(premium.id)).toEqual([]);
    });
  });
});

describe('CreateLinkUseCase with headers and embeds', () => {
  it('lets a free creator add headers beside five links, and counts embeds as links', async () => {
    const { links, create } = setup();
    for (let n = 1; n <= 4; n += 1) await create.execute(free, { title: `Link ${n}`, url: 'https://example.com' });
    await create.execute(free, { kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' });
    for (let n = 1; n <= 3; n += 1) await create.execute(free, { kind: 'header', title: `Section ${n}` });

    const limit = aDomainError('forbidden', Messages.freePlanLinkLimit);
    await expect(create.execute(free, { title: 'Sixth', url: 'https://example.com' })).rejects.toEqual(limit);
    await expect(create.execute(free, { kind: 'embed', url: 'https://vimeo.com/76979871' })).rejects.toEqual(limit);
    const kinds = (await links.listForOwner(free.id)).map((link) => link.kind).sort();
    expect(kinds).toEqual(['embed', 'header', 'header', 'header', 'link', 'link', 'link', 'link']);
  });

  it('stores the kind, and an embed’s title defaults to its service', async () => {
    const { links, create } = setup();
    const embed = await create.execute(free, { kind: 'embed', url: 'https://soundcloud.com/forss/flickermood' });

    expect(await links.findOwned(free.id, embed.id)).toMatchObject({ kind: 'embed', title: 'SoundCloud' });
  });
});
