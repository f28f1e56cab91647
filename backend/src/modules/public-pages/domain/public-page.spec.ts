import { DEFAULT_BUTTON_SHAPE } from '@linkbio/shared-contracts';
import { newId } from '../../../shared/ids.js';
import { DEFAULT_TIPS, isShownAt, linksShownAt, type PageLink, type PublicPage } from './public-page.js';

const START = new Date('2026-03-02T09:00:00.000Z');
const END = new Date('2026-03-02T17:00:00.000Z');
const NO_SCHEDULE = { startsAt: null, endsAt: null };
const WINDOW = { startsAt: START, endsAt: END };

const at = (iso: string) => new Date(iso);

const link = (title: string, bounds: Pick<PageLink, 'startsAt' | 'endsAt'> = NO_SCHEDULE): PageLink => ({
  id: newId(),
  kind: 'link',
  title,
  url: `https://example.com/${title}`,
  order: 0,
  thumbnail: null,
  ...bounds,
});

const pageOf = (links: PageLink[], isPremium: boolean): PublicPage => ({
  ownerId: 'a3c8e2d4-1111-4a6b-9c0d-00000000000a',
  version: '1',
  tips: DEFAULT_TIPS,
  user: {
    username: 'alice',
    displayName: 'Alice',
    bio: null,
    avatar: null,
    theme: 'default',
    backgroundColor: null,
    backgroundImage: null,
    buttonColor: null,
    buttonTextColor: null,
    buttonShape: DEFAULT_BUTTON_SHAPE,
    enableBooking: false,
    bookingPrice: null,
    isPremium,
    socials: [],
    socialsPosition: 'top',
    seo: { title: null, description: null, image: null },
  },
  links,
});

describe('isShownAt', () => {
  it.each([
    ['before the start', '2026-03-02T08:59:59.999Z', false],
    ['exactly at the start', '2026-03-02T09:00:00.000Z', true],
    ['during the window', '2026-03-02T12:00:00.000Z', true],
    ['a millisecond before the end', '2026-03-02T16:59:59.999Z', true],
    ['exactly at the end', '2026-03-02T17:00:00.000Z', false],
    ['after the end', '2026-03-03T09:00:00.000Z', false],
  ])('shows a link scheduled by a premium creator %s: %p → %p', (_case, now, shown) => {
    expect(isShownAt(WINDOW, at(now), true)).toBe(shown);
  });

  it('has no lower bound without a start and no upper bound without an end', () => {
    expect(isShownAt({ startsAt: null, endsAt: END }, at('2020-01-01T00:00:00.000Z'), true)).toBe(true);
    expect(isShownAt({ startsAt: null, endsAt: END }, END, true)).toBe(false);
    expect(isShownAt({ startsAt: START, endsAt: null }, at('2035-01-01T00:00:00.000Z'), true)).toBe(true);
    expect(isShownAt({ startsAt: START, endsAt: null }, at('2026-03-02T08:59:59.999Z'), true)).toBe(false);
    expect(isShownAt(NO_SCHEDULE, at('2035-01-01T00:00:00.000Z'), true)).toBe(true);
  });

  it.each(['2026-03-02T08:00:00.000Z', '2026-03-02T12:00:00.000Z', '2026-03-02T17:00:00.000Z'])(
    'shows the link at %p as if unscheduled when scheduling does not apply (premium ended)',
    (now) => {
      expect(isShownAt(WINDOW, at(now), false)).toBe(true);
    },
  );
});

describe('linksShownAt', () => {
  const always = link('always');
  const sale = link('sale', WINDOW);
  const fromStart = link('from-start', { startsAt: at('2026-03-02T12:00:00.000Z'), endsAt: null });
  const untilEnd = link('until', { startsAt: null, endsAt: at('2026-03-02T12:00:00.000Z') });

  it('answers the page’s own list, the very same array, when nothing is scheduled', () => {
    const page = pageOf([always, link('other')], true);

    expect(linksShownAt(page, at('2026-03-02T12:00:00.000Z'))).toBe(page.links);
  });

  it.each(['2026-03-02T08:00:00.000Z', '2026-03-02T12:00:00.000Z', '2026-03-03T00:00:00.000Z'])(
    'answers the very same array at %p when the creator is not premium, scheduled links included',
    (now) => {
      const page = pageOf([always, sale, fromStart, untilEnd], false);

      expect(linksShownAt(page, at(now))).toBe(page.links);
    },
  );

  it.each([
    ['before the window', '2026-03-02T08:59:59.999Z', ['always', 'until']],
    ['at the start of the window', '2026-03-02T09:00:00.000Z', ['always', 'sale', 'until']],
    ['a millisecond before one ends and another starts', '2026-03-02T11:59:59.999Z', ['always', 'sale', 'until']],
    ['when one ends and another starts', '2026-03-02T12:00:00.000Z', ['always', 'sale', 'from-start']],
    ['at the end of the window', '2026-03-02T17:00:00.000Z', ['always', 'from-start']],
  ])('keeps, in order, only the links within their schedule for a premium creator %s', (_case, now, titles) => {
    const page = pageOf([always, sale, fromStart, untilEnd], true);

    const shown = linksShownAt(page, at(now));

    expect(shown.map((shownLink) => shownLink.title)).toEqual(titles);
    expect(page.links).toHaveLength(4);
  });
});
