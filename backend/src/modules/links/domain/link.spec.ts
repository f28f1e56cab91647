import { BlockMessages, Messages, ScheduleMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { compareLinks, Link, linkLimitFor } from './link.js';

const CREATED = new Date('2026-03-02T09:00:00.000Z');
const aLink = (data: Partial<{ title: string; url: string; order: number }> = {}) =>
  Link.create('owner-1', { title: 'My site', url: 'https://example.com', ...data }, CREATED);

describe('Link.create', () => {
  it('makes an active link with a trimmed title, order 0 unless given, stamped with the time', () => {
    const link = aLink({ title: '  My shop  ', url: '  https://shop.example.com/a?b=c  ' });

    expect(link).toMatchObject({
      ownerId: 'owner-1',
      title: 'My shop',
      url: 'https://shop.example.com/a?b=c',
      isActive: true,
      order: 0,
      createdAt: CREATED,
      updatedAt: CREATED,
    });
    expect(aLink({ order: 4 }).order).toBe(4);
  });

  it('gives every link its own id', () => {
    expect(aLink().id).not.toBe(aLink().id);
  });

  it.each(['', '   ', '\t\n'])('refuses the blank title %p', (title) => {
    expect(() => aLink({ title })).toThrow(aDomainError('invalid', Messages.titleRequired));
  });

  it('accepts a title of 100 characters and refuses one of 101', () => {
    expect(aLink({ title: 'x'.repeat(100) }).title).toHaveLength(100);
    expect(() => aLink({ title: 'x'.repeat(101) })).toThrow(aDomainError('invalid', Messages.titleTooLong));
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'ftp://example.com', 'example.com', ''])(
    'refuses the URL %p',
    (url) => {
      expect(() => aLink({ url })).toThrow(aDomainError('invalid', Messages.invalidUrl));
    },
  );
});

describe('Link.change', () => {
  it('changes what is given, keeps the rest and stamps the time', () => {
    const link = aLink({ order: 2 });
    const later = new Date('2026-03-03T09:00:00.000Z');

    link.change({ title: ' Renamed ', isActive: false }, later);

    expect(link).toMatchObject({
      title: 'Renamed',
      url: 'https://example.com',
      isActive: false,
      order: 2,
      updatedAt: later,
    });
    expect(link.createdAt).toEqual(CREATED);
  });

  it('sets the url and the order', () => {
    const link = aLink();

    link.change({ url: 'http://other.example.org/x', order: 3 }, CREATED);

    expect([link.url, link.order]).toEqual(['http://other.example.org/x', 3]);
  });

  it.each([
    [{ title: 'New title', url: 'javascript:alert(1)' }, Messages.invalidUrl],
    [{ title: '', isActive: false }, Messages.titleRequired],
    [{ url: 'https://fine.example.com', title: 'x'.repeat(101), order: 9 }, Messages.titleTooLong],
  ])('refuses %p as a whole, leaving the link as it was', (change, message) => {
    const link = aLink();
    const before = { ...link };

    expect(() => link.change(change, new Date('2026-03-03T09:00:00.000Z'))).toThrow(aDomainError('invalid', message));
    expect({ ...link }).toEqual(before);
  });
});

describe('Link scheduling', () => {
  const PREMIUM = { isPremium: true };

  it('makes an unscheduled link unless a schedule is given', () => {
    expect(aLink()).toMatchObject({ startsAt: null, endsAt: null });
  });

  it('makes a link with the start and end a premium creator gives', () => {
    const link = Link.create(
      'owner-1',
      {
        title: 'Sale',
        url: 'https://example.com',
        startsAt: '2026-03-02T10:00:00+01:00',
        endsAt: '2026-03-02T12:00:00Z',
      },
      CREATED,
      PREMIUM,
    );

    expect(link).toMatchObject({ startsAt: CREATED, endsAt: new Date('2026-03-02T12:00:00.000Z') });
  });

  it('refuses a schedule without Premium (the plan defaults to free)', () => {
    expect(() =>
      Link.create('owner-1', { title: 'Sale', url: 'https://example.com', startsAt: '2026-03-02T10:00:00Z' }, CREATED),
    ).toThrow(aDomainError('forbidden', ScheduleMessages.premiumOnly));
  });

  it('refuses a change with a bad schedule as a whole, leaving the link as it was', () => {
    const link = aLink();
    const before = { ...link };

    expect(() =>
      link.change(
        { title: 'Renamed', isActive: false, endsAt: '2026-03-02T08:00:00Z', startsAt: '2026-03-02T09:00:00Z' },
        CREATED,
        PREMIUM,
      ),
    ).toThrow(aDomainError('invalid', ScheduleMessages.endNotAfterStart));
    expect({ ...link }).toEqual(before);
  });
});

describe('linkLimitFor', () => {
  it('is five links on the free plan and no limit on Premium', () => {
    expect(linkLimitFor(false)).toBe(5);
    expect(linkLimitFor(true)).toBeNull();
  });
});

describe('compareLinks', () => {
  const at = (order: number, minute: number, id: string) =>
    Object.assign(new Link(), { id, order, createdAt: new Date(CREATED.getTime() + minute * 60_000) });

  it('sorts by order ascending, then newest first, then by id', () => {
    const links = [at(1, 0, 'a'), at(0, 0, 'b'), at(0, 5, 'd'), at(0, 5, 'c'), at(2, 9, 'e')];

    expect(links.sort(compareLinks).map((link) => link.id)).toEqual(['c', 'd', 'b', 'a', 'e']);
  });

  it('puts a new link with order 0 on top of older ones with order 0', () => {
    const older = at(0, 0, 'z');
    const newer = at(0, 1, 'a');

    expect(compareLinks(newer, older)).toBeLessThan(0);
    expect(compareLinks(older, newer)).toBeGreaterThan(0);
  });
});

describe('Link kinds', () => {
  const make = (data: Parameters<typeof Link.create>[1]) => Link.create('owner-1', data, CREATED);

  it('makes a link unless told otherwise', () => {
    expect(aLink().kind).toBe('link');
  });

  it('makes a header of a title alone, with no URL', () => {
    expect(make({ kind: 'header', title: '  My music  ' })).toMatchObject({ kind: 'header', title: 'My music', url: '' });
  });

  it('refuses a header with a URL or without a title', () => {
    expect(() => make({ kind: 'header', title: 'Music', url: 'https://example.com' })).toThrow(
      aDomainError('invalid', BlockMessages.headerHasNoUrl),
    );
    expect(() => make({ kind: 'header', title: ' ' })).toThrow(aDomainError('invalid', Messages.titleRequired));
  });

  it('makes an embed of a service URL, titled with the service when no title is given', () => {
    expect(make({ kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' })).toMatchObject({
      kind: 'embed',
      title: 'YouTube',
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(make({ kind: 'embed', title: ' ', url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' }).title).toBe(
      'Spotify',
    );
    expect(make({ kind: 'embed', title: 'New single', url: 'https://vimeo.com/76979871' }).title).toBe('New single');
  });

  it.each([
    ['https://example.com/video', BlockMessages.unsupportedEmbed],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', BlockMessages.unsupportedEmbed],
    ['https://www.youtube.com/@maya', BlockMessages.unsupportedEmbed],
    ['javascript:alert(1)', Messages.invalidUrl],
    ['', Messages.invalidUrl],
  ])('refuses the embed URL %p', (url, message) => {
    expect(() => make({ kind: 'embed', url })).toThrow(aDomainError('invalid', message));
  });

  it('re-checks an embed’s new URL on a change, and keeps the embed as it was when refused', () => {
    const embed = make({ kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(() => embed.change({ url: 'https://example.com' }, CREATED)).toThrow(
      aDomainError('invalid', BlockMessages.unsupportedEmbed),
    );
    expect(embed.url).toBe('https://youtu.be/dQw4w9WgXcQ');
    embed.change({ url: 'https://vimeo.com/76979871', title: 'Trailer' }, CREATED);
    expect(embed).toMatchObject({ kind: 'embed', url: 'https://vimeo.com/76979871', title: 'Trailer' });
  });

  it('renames a header but never gives it a URL', () => {
    const header = make({ kind: 'header', title: 'Music' });
    header.change({ title: 'Videos' }, CREATED);
    expect(header.title).toBe('Videos');
    expect(() => header.change({ url: 'https://example.com' }, CREATED)).toThrow(
      aDomainError('invalid', BlockMessages.headerHasNoUrl),
    );
    expect(header.url).toBe('');
  });
});
