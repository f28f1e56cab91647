import { AnalyticsMessages } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import type { AnalyticsEvent } from '../domain/analytics.js';
import { InMemoryAnalyticsStore } from '../testing/in-memory-analytics.store.js';
import { InMemoryOwnedLinks } from '../testing/in-memory-owned-links.js';
import { GetDailyAnalyticsUseCase, parseRangeDays, rangeEnding } from './get-daily-analytics.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const SHOP = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1';
const BLOG = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c2';
const SHOW = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c3';
const BOBS = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c4';

const premium = { id: ALICE, isPremium: true };

const setup = (now = '2026-03-10T15:00:00.000Z') => {
  const store = new InMemoryAnalyticsStore();
  const links = new InMemoryOwnedLinks();
  return { store, links, daily: new GetDailyAnalyticsUseCase(store, links, new FixedClock(now)) };
};

type Visit = Partial<AnalyticsEvent> & { at: string };
const record = async (store: InMemoryAnalyticsStore, visits: Visit[]) => {
  for (const { at, ...rest } of visits) {
    await store.record({
      kind: 'view',
      ownerId: ALICE,
      linkId: null,
      referrer: null,
      device: null,
      occurredAt: new Date(at),
      ...rest,
    });
  }
};
const view = (at: string, more: Partial<AnalyticsEvent> = {}): Visit => ({ at, kind: 'view', ...more });
const click = (at: string, linkId: string, more: Partial<AnalyticsEvent> = {}): Visit => ({
  at,
  kind: 'click',
  linkId,
  ...more,
});

describe('parseRangeDays', () => {
  it.each([
    [undefined, 30],
    ['7', 7],
    ['30', 30],
    ['90', 90],
  ])('reads %p as %d days', (raw, days) => {
    expect(parseRangeDays(raw)).toBe(days);
  });

  it.each(['', '0', '-1', '1', '31', '7.5', '7.0', '07', ' 7', '+7', '1e1', 'abc', ['7', '30'], ['7'], 7, null])(
    'refuses %p with the message',
    (raw) => {
      expect(() => parseRangeDays(raw)).toThrow(aDomainError('invalid', AnalyticsMessages.invalidRange));
    },
  );
});

describe('rangeEnding', () => {
  it('covers the given number of UTC days, ending with today', () => {
    expect(rangeEnding(new Date('2026-03-10T00:00:00.000Z'), 7)).toMatchObject({
      from: '2026-03-04',
      to: '2026-03-10',
    });
    expect(rangeEnding(new Date('2026-03-10T23:59:59.999Z'), 30)).toMatchObject({
      from: '2026-02-09',
      to: '2026-03-10',
    });
    expect(rangeEnding(new Date('2026-03-01T08:00:00.000Z'), 7).dates).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(rangeEnding(new Date('2026-03-10T12:00:00.000Z'), 90).dates).toHaveLength(90);
  });
});

describe('GetDailyAnalyticsUseCase', () => {
  it('refuses a free creator with a message that names Premium, before reading anything', async () => {
    const { daily } = setup();

    await expect(daily.execute({ id: ALICE, isPremium: false }, 30)).rejects.toEqual(
      aDomainError('forbidden', AnalyticsMessages.premiumOnly),
    );
    expect(AnalyticsMessages.premiumOnly).toContain('Premium');
  });

  it('answers every day of the range with zeros before anyone visits', async () => {
    const { daily } = setup();

    const answer = await daily.execute(premium, 7);

    expect(answer).toEqual({
      days: 7,
      from: '2026-03-04',
      to: '2026-03-10',
      series: ['04', '05', '06', '07', '08', '09', '10'].map((day) => ({
        date: `2026-03-${day}`,
        views: 0,
        clicks: 0,
        clickRate: 0,
      })),
      links: [],
      referrers: [],
      devices: [
        { device: 'mobile', views: 0 },
        { device: 'tablet', views: 0 },
        { device: 'desktop', views: 0 },
      ],
      totals: { views: 0, clicks: 0, clickRate: 0 },
    });
  });

  it('counts views and clicks per UTC day, fills the other days and totals the range', async () => {
    const { store, daily } = setup();
    await record(store, [
      view('2026-03-08T00:00:00.000Z'),
      view('2026-03-08T23:59:59.999Z'),
      view('2026-03-08T12:00:00.000Z'),
      click('2026-03-08T12:01:00.000Z', SHOP),
      view('2026-03-10T01:00:00.000Z'),
      click('2026-03-10T01:01:00.000Z', SHOP),
      click('2026-03-10T01:02:00.000Z', SHOP),
    ]);

    const answer = await daily.execute(premium, 7);

    expect(answer.series.filter((day) => day.views > 0 || day.clicks > 0)).toEqual([
      { date: '2026-03-08', views: 3, clicks: 1, clickRate: 33.3 },
      { date: '2026-03-10', views: 1, clicks: 2, clickRate: 200 },
    ]);
    expect(answer.series.map((day) => day.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(answer.totals).toEqual({ views: 4, clicks: 3, clickRate: 75 });
  });

  it('includes the first day of the range and leaves out the day before it and any later day', async () => {
    const { store, daily } = setup();
    await record(store, [
      view('2026-03-04T00:00:00.000Z'), // first day of 7
      view('2026-03-03T23:59:59.999Z'), // the day before: only in 30 and 90
      view('2026-02-09T10:00:00.000Z'), // first day of 30
      view('2026-02-08T10:00:00.000Z'), // the day before: only in 90
      view('2025-12-11T10:00:00.000Z'), // first day of 90
      view('2025-12-10T10:00:00.000Z'), // never
      view('2026-03-11T00:00:00.000Z'), // tomorrow: never
    ]);

    const week = await daily.execute(premium, 7);
    const month = await daily.execute(premium, 30);
    const quarter = await daily.execute(premium, 90);

    expect(week.totals.views).toBe(1);
    expect(week.series[0]).toMatchObject({ date: '2026-03-04', views: 1 });
    expect(month).toMatchObject({ from: '2026-02-09', to: '2026-03-10', totals: { views: 3 } });
    expect(month.series).toHaveLength(30);
    expect(month.series[0]).toMatchObject({ date: '2026-02-09', views: 1 });
    expect(quarter).toMatchObject({ from: '2025-12-11', to: '2026-03-10', totals: { views: 5 } });
    expect(quarter.series).toHaveLength(90);
    expect(quarter.series[0]).toMatchObject({ date: '2025-12-11', views: 1 });
  });

  it('lists the current links, most clicked in the range first, ties in list order, without deleted ones', async () => {
    const { store, links, daily } = setup();
    links.add(ALICE, SHOP, 'Shop');
    links.add(ALICE, BLOG, 'Blog');
    links.add(ALICE, SHOW, 'Show');
    const gone = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c9';
    links.add(ALICE, gone, 'Old');
    links.add(BOB, BOBS, 'Bob’s');
    await record(store, [
      click('2026-03-09T10:00:00.000Z', BLOG),
      click('2026-03-09T10:00:00.000Z', BLOG),
      click('2026-03-09T10:00:00.000Z', SHOP),
      click('2026-02-01T10:00:00.000Z', SHOP), // before the range
      click('2026-02-01T10:00:00.000Z', SHOP),
      click('2026-03-09T10:00:00.000Z', gone),
      click('2026-03-09T10:00:00.000Z', gone),
      click('2026-03-09T10:00:00.000Z', gone),
      click('2026-03-09T10:00:00.000Z', BOBS, { ownerId: BOB }),
    ]);
    links.remove(gone);

    const answer = await daily.execute(premium, 7);

    expect(answer.links).toEqual([
      { id: BLOG, title: 'Blog', clicks: 2 },
      { id: SHOP, title: 'Shop', clicks: 1 },
      { id: SHOW, title: 'Show', clicks: 0 },
    ]);
  });

  it('lists the top ten referrer hosts and the views of all three device classes', async () => {
    const { store, daily } = setup();
    const hosts = Array.from({ length: 12 }, (_, index) => `site${String(index).padStart(2, '0')}.example`);
    const visits: Visit[] = [];
    hosts.forEach((host, index) => {
      for (let n = 0; n <= index % 4; n += 1) visits.push(view('2026-03-09T10:00:00.000Z', { referrer: host }));
    });
    visits.push(view('2026-03-09T10:00:00.000Z', { referrer: 'instagram.com', device: 'mobile' }));
    for (let n = 0; n < 5; n += 1)
      visits.push(view('2026-03-10T10:00:00.000Z', { referrer: 'instagram.com', device: 'mobile' }));
    visits.push(view('2026-03-10T10:00:00.000Z', { device: 'desktop' }));
    visits.push(view('2026-01-01T10:00:00.000Z', { referrer: 'old.example', device: 'tablet' }));
    visits.push(view('2026-03-10T10:00:00.000Z', { ownerId: BOB, referrer: 'bob.example', device: 'tablet' }));
    await record(store, visits);

    const answer = await daily.execute(premium, 7);

    expect(answer.referrers).toEqual([
      { host: 'instagram.com', views: 6 },
      { host: 'site03.example', views: 4 },
      { host: 'site07.example', views: 4 },
      { host: 'site11.example', views: 4 },
      { host: 'site02.example', views: 3 },
      { host: 'site06.example', views: 3 },
      { host: 'site10.example', views: 3 },
      { host: 'site01.example', views: 2 },
      { host: 'site05.example', views: 2 },
      { host: 'site09.example', views: 2 },
    ]);
    expect(answer.devices).toEqual([
      { device: 'mobile', views: 6 },
      { device: 'tablet', views: 0 },
      { device: 'desktop', views: 1 },
    ]);
  });

  it('never includes another creator’s visits', async () => {
    const { store, links, daily } = setup();
    links.add(BOB, BOBS, 'Bob’s');
    await record(store, [
      view('2026-03-10T10:00:00.000Z', { ownerId: BOB, referrer: 'bob.example', device: 'mobile' }),
      click('2026-03-10T10:00:00.000Z', BOBS, { ownerId: BOB }),
    ]);

    const answer = await daily.execute(premium, 90);

    expect(answer.totals).toEqual({ views: 0, clicks: 0, clickRate: 0 });
    expect(answer.links).toEqual([]);
    expect(answer.referrers).toEqual([]);
    expect(answer.devices.every((device) => device.views === 0)).toBe(true);
  });
});
