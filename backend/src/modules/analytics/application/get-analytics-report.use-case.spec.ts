import { REPORT_ROWS_LIMIT, ReportMessages, type ReportRow } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { InMemoryAnalyticsReport } from '../testing/in-memory-analytics-report.js';
import { InMemoryOwnedLinks } from '../testing/in-memory-owned-links.js';
import { GetAnalyticsReportUseCase } from './get-analytics-report.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const SHOP = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1';
const BLOG = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c2';
const SHOW = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c3';

const premium = { id: ALICE, isPremium: true };
const zeros = { views: 0, uniqueVisitors: 0, clicks: 0, orders: 0, revenueCents: 0 };
const row = (key: string | null, counts: Partial<ReportRow> = {}): ReportRow => ({ key, ...zeros, ...counts });

const setup = (now = '2027-03-10T15:00:00.000Z') => {
  const store = new InMemoryAnalyticsReport();
  const links = new InMemoryOwnedLinks();
  return { store, links, report: new GetAnalyticsReportUseCase(store, links, new FixedClock(now)) };
};

describe('GetAnalyticsReportUseCase', () => {
  it('refuses a free creator with the Premium message, whatever the query', async () => {
    const { report } = setup();

    await expect(
      report.execute({ id: ALICE, isPremium: false }, { from: '2027-03-01', to: '2027-03-07' }),
    ).rejects.toEqual(aDomainError('forbidden', ReportMessages.premiumOnly));
    await expect(report.execute({ id: ALICE, isPremium: false }, {})).rejects.toEqual(
      aDomainError('forbidden', ReportMessages.premiumOnly),
    );
  });

  it.each([
    [{}, ReportMessages.fromRequired],
    [{ from: '2027-03-05', to: '2027-03-01' }, ReportMessages.order],
    [{ from: '2027-03-01', to: '2027-03-11' }, ReportMessages.future],
    [{ from: '2027-03-01', to: '2027-03-02', compare: 'yes' }, ReportMessages.compare],
  ])('refuses the query %j with its problem', async (query, problem) => {
    const { report } = setup();

    await expect(report.execute(premium, query)).rejects.toEqual(aDomainError('invalid', problem));
  });

  it('takes today (UTC) as the last day, and answers every day with zeros before anyone visits', async () => {
    const { report } = setup('2027-03-10T23:59:59.999Z');

    const answer = await report.execute(premium, { from: '2027-03-08', to: '2027-03-10' });

    expect(answer).toEqual({
      from: '2027-03-08',
      to: '2027-03-10',
      totals: { views: 0, uniqueVisitors: 0, clicks: 0, clickRate: 0, orders: 0, revenueCents: 0 },
      previousRange: null,
      previous: null,
      byDay: [row('2027-03-08'), row('2027-03-09'), row('2027-03-10')],
      bySource: [],
      byMedium: [],
      byCampaign: [],
      byCountry: [],
      byDevice: [],
      byLink: [],
    });
  });

  it('totals the period, with its click rate, and compares it with the period of the same length before', async () => {
    const { store, report } = setup();
    store.addDay(ALICE, '2027-03-01', { views: 3, uniqueVisitors: 2, clicks: 1 }); // the period before
    store.addDay(ALICE, '2027-03-04', { views: 4, uniqueVisitors: 3, clicks: 4 }); // its first day
    store.addDay(ALICE, '2027-03-03', { views: 100, uniqueVisitors: 100, clicks: 100 }); // in neither
    store.addDay(ALICE, '2027-03-07', { views: 6, uniqueVisitors: 6, clicks: 1 }); // the period's first day
    store.addDay(ALICE, '2027-03-10', { views: 3, uniqueVisitors: 1, clicks: 1 });
    store.addDay(BOB, '2027-03-08', { views: 50, uniqueVisitors: 50, clicks: 50 });
    store.addSale({ ownerId: ALICE, paidAt: new Date('2027-03-07T00:00:00.000Z'), amountCents: 4000 });
    store.addSale({
      ownerId: ALICE,
      paidAt: new Date('2027-03-09T12:00:00.000Z'),
      amountCents: 2500,
      refundedCents: 1000,
    });
    store.addSale({ ownerId: ALICE, paidAt: new Date('2027-03-06T23:59:59.999Z'), amountCents: 700 }); // the period before
    store.addSale({ ownerId: BOB, paidAt: new Date('2027-03-08T12:00:00.000Z'), amountCents: 9900 });

    const answer = await report.execute(premium, { from: '2027-03-07', to: '2027-03-10', compare: 'previous' });

    expect(answer.totals).toEqual({
      views: 9,
      uniqueVisitors: 7,
      clicks: 2,
      clickRate: 22.2,
      orders: 2,
      revenueCents: 5500,
    });
    expect(answer.previousRange).toEqual({ from: '2027-03-03', to: '2027-03-06' });
    expect(answer.previous).toEqual({
      views: 104,
      uniqueVisitors: 103,
      clicks: 104,
      clickRate: 100,
      orders: 1,
      revenueCents: 700,
    });
    expect(answer.byDay).toEqual([
      row('2027-03-07', { views: 6, uniqueVisitors: 6, clicks: 1, orders: 1, revenueCents: 4000 }),
      row('2027-03-08'),
      row('2027-03-09', { orders: 1, revenueCents: 1500 }),
      row('2027-03-10', { views: 3, uniqueVisitors: 1, clicks: 1 }),
    ]);
  });

  it('lists each breakdown most views first (then clicks, then orders), ties by key, "none" as null', async () => {
    const { store, report } = setup();
    store.addKey(ALICE, 'source', '2027-03-09', 'instagram.com', { views: 5, uniqueVisitors: 4, clicks: 2 });
    store.addKey(ALICE, 'source', '2027-03-10', 'instagram.com', { views: 1, uniqueVisitors: 1 });
    store.addKey(ALICE, 'source', '2027-03-10', '', { views: 6, uniqueVisitors: 6, clicks: 1 });
    store.addKey(ALICE, 'source', '2027-03-10', 'b.example', { views: 6, uniqueVisitors: 2, clicks: 1 });
    store.addKey(ALICE, 'source', '2027-03-10', 'a.example', { views: 2, clicks: 3 });
    store.addKey(ALICE, 'source', '2027-02-01', 'old.example', { views: 90 }); // before the period
    store.addKey(ALICE, 'device', '2027-03-10', 'mobile', { views: 4 });
    store.addKey(ALICE, 'device', '2027-03-10', '', { views: 1 });
    store.addKey(ALICE, 'country', '2027-03-10', 'DE', { views: 3 });
    store.addKey(BOB, 'source', '2027-03-10', 'bob.example', { views: 99 });
    // A sale from a source whose visits fell before the period, one with no attribution, one from Instagram.
    store.addSale({
      ownerId: ALICE,
      paidAt: new Date('2027-03-10T10:00:00.000Z'),
      amountCents: 1200,
      source: 'news.example',
      campaign: 'spring',
      country: 'FR',
    });
    store.addSale({ ownerId: ALICE, paidAt: new Date('2027-03-10T11:00:00.000Z'), amountCents: 300 });
    store.addSale({
      ownerId: ALICE,
      paidAt: new Date('2027-03-10T12:00:00.000Z'),
      amountCents: 800,
      source: 'instagram.com',
      country: 'DE',
    });

    const answer = await report.execute(premium, { from: '2027-03-04', to: '2027-03-10' });

    expect(answer.bySource).toEqual([
      row('instagram.com', { views: 6, uniqueVisitors: 5, clicks: 2, orders: 1, revenueCents: 800 }),
      row(null, { views: 6, uniqueVisitors: 6, clicks: 1, orders: 1, revenueCents: 300 }),
      row('b.example', { views: 6, uniqueVisitors: 2, clicks: 1 }),
      row('a.example', { views: 2, clicks: 3 }),
      row('news.example', { orders: 1, revenueCents: 1200 }),
    ]);
    expect(answer.byMedium).toEqual([row(null, { orders: 3, revenueCents: 2300 })]);
    expect(answer.byCampaign).toEqual([
      row(null, { orders: 2, revenueCents: 1100 }),
      row('spring', { orders: 1, revenueCents: 1200 }),
    ]);
    expect(answer.byCountry).toEqual([
      row('DE', { views: 3, orders: 1, revenueCents: 800 }),
      row('FR', { orders: 1, revenueCents: 1200 }),
      row('unknown', { orders: 1, revenueCents: 300 }),
    ]);
    expect(answer.byDevice).toEqual([row('mobile', { views: 4 }), row(null, { views: 1 })]);
  });

  it('lists at most the limit per breakdown in JSON, and every row when asked (the CSV)', async () => {
    const { store, report } = setup();
    for (let n = 0; n < REPORT_ROWS_LIMIT + 20; n += 1) {
      store.addKey(ALICE, 'source', '2027-03-10', `site${String(n).padStart(3, '0')}.example`, { views: n % 7 });
    }

    const limited = await report.execute(premium, { from: '2027-03-10', to: '2027-03-10' });
    const every = await report.execute(premium, { from: '2027-03-10', to: '2027-03-10' }, Number.POSITIVE_INFINITY);

    expect(limited.bySource).toHaveLength(REPORT_ROWS_LIMIT);
    expect(every.bySource).toHaveLength(REPORT_ROWS_LIMIT + 20);
    expect(limited.bySource).toEqual(every.bySource.slice(0, REPORT_ROWS_LIMIT));
    const order = every.bySource.map((r) => [-r.views, r.key!]);
    expect(order).toEqual(
      [...order].sort((a, b) => (a[0] as number) - (b[0] as number) || String(a[1]).localeCompare(String(b[1]))),
    );
    expect(every.bySource[0]).toEqual(row('site006.example', { views: 6 }));
  });

  it('lists the current links with their titles, most clicked first, without deleted ones', async () => {
    const { store, links, report } = setup();
    links.add(ALICE, SHOP, 'Shop');
    links.add(ALICE, BLOG, 'Blog');
    links.add(ALICE, SHOW, 'Show');
    const gone = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c9';
    store.addKey(ALICE, 'link', '2027-03-10', BLOG, { uniqueVisitors: 2, clicks: 3 });
    store.addKey(ALICE, 'link', '2027-03-09', SHOP, { uniqueVisitors: 1, clicks: 1 });
    store.addKey(ALICE, 'link', '2027-03-09', gone, { uniqueVisitors: 9, clicks: 9 });

    const answer = await report.execute(premium, { from: '2027-03-09', to: '2027-03-10' });

    expect(answer.byLink).toEqual([
      { ...row(BLOG, { uniqueVisitors: 2, clicks: 3 }), label: 'Blog' },
      { ...row(SHOP, { uniqueVisitors: 1, clicks: 1 }), label: 'Shop' },
      { ...row(SHOW), label: 'Show' },
    ]);
  });
});
