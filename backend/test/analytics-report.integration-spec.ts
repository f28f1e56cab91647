import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import {
  Messages,
  REPORT_ROWS_LIMIT,
  ReportMessages,
  type AnalyticsReportView,
  type LinkView,
  type ReportRow,
  type ReportTotals,
} from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * GET /api/analytics/report and report.csv over HTTP, on real PostgreSQL. The rollups the worker fills and the
 * paid sales checkout records are arranged here with SQL (random rows from a fixed seed), and the expected
 * report is counted from the same rows with plain loops, then compared whole.
 */

const DAY_MS = 24 * 3600 * 1000;
const DIMENSIONS = ['source', 'medium', 'campaign', 'country', 'device', 'link'] as const;
type Dimension = (typeof DIMENSIONS)[number];
const BREAKDOWN: Record<Dimension, keyof AnalyticsReportView> = {
  source: 'bySource',
  medium: 'byMedium',
  campaign: 'byCampaign',
  country: 'byCountry',
  device: 'byDevice',
  link: 'byLink',
};

/** A small deterministic generator (mulberry32), so a failing run can be repeated. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!,
  };
}

interface DayFact {
  day: string;
  views: number;
  uniqueVisitors: number;
  clicks: number;
}
interface KeyFact extends DayFact {
  dimension: Dimension;
  key: string;
}
interface SaleFact {
  paidAt: Date;
  amount: number;
  /** What the sale earned the creator after refunds: their ledger entries' sum. */
  revenue: number;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  country: string | null;
}

describe('the report over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let today: number;

  /** 'YYYY-MM-DD' of `offset` days from today (UTC). */
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);

  beforeAll(async () => {
    // "Today" is read here and by the API: never straddle midnight UTC between the two.
    const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
    if (untilMidnight < 30_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 100));
    const now = new Date();
    today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
  });

  async function premiumCreator() {
    const creator = await signedInCreator(app);
    await db.makePremium(creator.user.id);
    return creator;
  }

  async function addLink(client: Agent, title: string): Promise<LinkView> {
    const response = await client
      .post('/api/links')
      .send({ title, url: `https://example.com/${randomUUID()}`, order: 0 })
      .expect(201);
    return response.body as LinkView;
  }

  /**
   * Everything of `ownerId` the report reads or a request of theirs could write (only theirs: other specs run
   * beside this one on the same database).
   */
  async function everything(ownerId: string): Promise<string> {
    const owned: Array<[string, string]> = [
      ['users', 'select u.* from users u where u.id = $1'],
      ['links', 'select l.* from links l where l.owner_id = $1'],
      ['analytics_daily', 'select a.* from analytics_daily a where a.owner_id = $1'],
      ['analytics_breakdown_daily', 'select b.* from analytics_breakdown_daily b where b.owner_id = $1'],
      ['orders', 'select o.* from orders o where o.creator_id = $1'],
      ['bookings', 'select b.* from bookings b where b.creator_id = $1'],
      ['ledger_entries', 'select l.* from ledger_entries l where l.creator_id = $1'],
      [
        'refunds',
        `select r.* from refunds r where r.booking_id in (select id from bookings where creator_id = $1)
            or r.order_id in (select id from orders where creator_id = $1)`,
      ],
    ];
    const digests = await Promise.all(
      owned.map(async ([table, rows]) => {
        const { rows: digest } = await db.query<{ digest: string }>(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from (${rows}) t`,
          [ownerId],
        );
        return `${table}:${digest[0]!.digest}`;
      }),
    );
    return digests.join(' ');
  }

  /** Rows the worker and checkout would have written for `ownerId`, from a seed; returned as written. */
  async function seed(ownerId: string, linkIds: string[], seedNumber: number, firstDay: number, lastDay: number) {
    const random = randomFrom(seedNumber);
    const keys: Record<Exclude<Dimension, 'link'>, string[]> = {
      source: ['', 'instagram.com', 't.co', 'newsletter', '=HYPERLINK("https://evil.example")', 'a, "quoted" source'],
      medium: ['', 'social', 'email', '-cpc'],
      campaign: ['', 'spring', 'launch week', '@fans'],
      country: ['DE', 'FR', 'US', 'unknown'],
      device: ['', 'mobile', 'tablet', 'desktop'],
    };
    const days: DayFact[] = [];
    const keyed: KeyFact[] = [];
    for (let offset = firstDay; offset <= lastDay; offset += 1) {
      if (random.int(5) === 0) continue; // some days without a visit
      const views = 1 + random.int(40);
      const fact = { day: day(offset), views, uniqueVisitors: 1 + random.int(views), clicks: random.int(30) };
      days.push(fact);
      await db.query(
        'insert into analytics_daily (owner_id, day, views, clicks, unique_visitors) values ($1, $2, $3, $4, $5)',
        [ownerId, fact.day, fact.views, fact.clicks, fact.uniqueVisitors],
      );
      for (const dimension of DIMENSIONS) {
        const options = dimension === 'link' ? [...linkIds, randomUUID()] : keys[dimension];
        for (const key of new Set(Array.from({ length: 1 + random.int(3) }, () => random.pick(options)))) {
          const views = dimension === 'link' ? 0 : random.int(20);
          const row: KeyFact = {
            dimension,
            key,
            day: fact.day,
            views,
            uniqueVisitors: random.int(views + 1),
            clicks: random.int(10),
          };
          keyed.push(row);
          await db.query(
            `insert into analytics_breakdown_daily (owner_id, dimension, day, key, views, unique_visitors, clicks)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [ownerId, dimension, row.day, row.key, row.views, row.uniqueVisitors, row.clicks],
          );
        }
      }
    }
    const sales: SaleFact[] = [];
    for (let n = 0; n < 30; n += 1) {
      const offset = firstDay + random.int(lastDay - firstDay + 1);
      const at = today + offset * DAY_MS + random.int(DAY_MS); // any instant of that UTC day, to its last millisecond
      const sale: SaleFact = {
        paidAt: new Date(Math.min(at, Date.now())),
        amount: 100 + random.int(9900),
        revenue: 0,
        source: random.pick([null, 'instagram.com', 'only-sold.example', '+sale']),
        medium: random.pick([null, 'social']),
        campaign: random.pick([null, 'spring']),
        country: random.pick([null, 'DE', 'JP']),
      };
      const id = randomUUID();
      const attribution = [sale.source, sale.medium, sale.campaign, sale.country];
      // The creator's share of the price, as the ledger credits it (the rest is the platform's fee).
      const earning = Math.round(sale.amount * 0.8);
      sale.revenue = earning;
      if (n % 3 === 0) {
        await db.query(
          `insert into bookings (id, creator_id, customer_name, customer_email, user_amount, platform_fee, amount, status, created_at, paid_at,
                                 source, medium, campaign, country)
           values ($1, $2, 'Sam', 'sam@example.com', $3, $4::int - $3::int, $4, 'paid', $5, $5, $6, $7, $8, $9)`,
          [id, ownerId, earning, sale.amount, sale.paidAt, ...attribution],
        );
      } else {
        await db.query(
          `insert into orders (id, creator_id, kind, title, customer_email, amount, user_amount, platform_fee, status, created_at, paid_at,
                               source, medium, campaign, country)
           values ($1, $2, $3, 'The Guide', 'ada@example.com', $4, $5, $4::int - $5::int, 'paid', $6, $6, $7, $8, $9, $10)`,
          [id, ownerId, n % 2 === 0 ? 'tip' : 'product', sale.amount, earning, sale.paidAt, ...attribution],
        );
      }
      const column = n % 3 === 0 ? 'booking_id' : 'order_id';
      await db.query(`insert into ledger_entries (id, creator_id, ${column}, amount, created_at, kind) values ($1, $2, $3, $4, $5, 'earning')`, [
        randomUUID(),
        ownerId,
        id,
        earning,
        sale.paidAt,
      ]);
      // Some are refunded in part: the creator's share of what succeeded comes off the revenue (the ledger's
      // reversal); a failed refund takes nothing off.
      if (n % 4 === 1) {
        const part = 1 + random.int(sale.amount - 1);
        const refundId = randomUUID();
        await db.query(
          `insert into refunds (id, ${column}, amount, reason, status, provider_refund_id, created_at, updated_at)
           values ($1, $2, $3, 'at_provider', 'succeeded', $4, now(), now())`,
          [refundId, id, part, `re_${randomUUID()}`],
        );
        const reversed = Math.round((part * earning) / sale.amount);
        sale.revenue -= reversed;
        await db.query(
          `insert into ledger_entries (id, creator_id, ${column}, amount, created_at, kind, refund_id) values ($1, $2, $3, $4, now(), 'reversal', $5)`,
          [randomUUID(), ownerId, id, -reversed, refundId],
        );
        await db.query(
          `insert into refunds (id, ${column}, amount, reason, status, provider_refund_id, created_at, updated_at)
           values ($1, $2, $3, 'at_provider', 'failed', $4, now(), now())`,
          [randomUUID(), id, sale.amount - part, `re_${randomUUID()}`],
        );
      }
      sales.push(sale);
    }
    // A sale never paid counts nothing.
    await db.query(
      `insert into orders (id, creator_id, kind, title, customer_email, amount, user_amount, platform_fee, status, created_at, source)
       values ($1, $2, 'tip', 'Tip', 'x@example.com', 5000, 5000, 0, 'pending_payment', now(), 'instagram.com')`,
      [randomUUID(), ownerId],
    );
    return { days, keyed, sales };
  }

  type Seeded = Awaited<ReturnType<typeof seed>>;

  /** The report counted from the seeded rows with plain loops, as the product should answer it. */
  function expectedReport(
    seeded: Seeded,
    links: LinkView[],
    from: string,
    to: string,
    previous: { from: string; to: string } | null,
  ): AnalyticsReportView {
    const inRange = (d: string, range: { from: string; to: string }) => d >= range.from && d <= range.to;
    const paidDay = (sale: SaleFact) => sale.paidAt.toISOString().slice(0, 10);
    const totalsOf = (range: { from: string; to: string }): ReportTotals => {
      let views = 0;
      let uniqueVisitors = 0;
      let clicks = 0;
      let orders = 0;
      let revenueCents = 0;
      for (const fact of seeded.days) {
        if (!inRange(fact.day, range)) continue;
        views += fact.views;
        uniqueVisitors += fact.uniqueVisitors;
        clicks += fact.clicks;
      }
      for (const sale of seeded.sales) {
        if (!inRange(paidDay(sale), range)) continue;
        orders += 1;
        revenueCents += sale.revenue;
      }
      return {
        views,
        uniqueVisitors,
        clicks,
        clickRate: views === 0 ? 0 : Math.round((clicks / views) * 1000) / 10,
        orders,
        revenueCents,
      };
    };
    const empty = (key: string | null): ReportRow => ({
      key,
      views: 0,
      uniqueVisitors: 0,
      clicks: 0,
      orders: 0,
      revenueCents: 0,
    });

    const byDay: ReportRow[] = [];
    for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)) {
      const row = empty(d);
      for (const fact of seeded.days) {
        if (fact.day !== d) continue;
        row.views += fact.views;
        row.uniqueVisitors += fact.uniqueVisitors;
        row.clicks += fact.clicks;
      }
      for (const sale of seeded.sales) {
        if (paidDay(sale) !== d) continue;
        row.orders += 1;
        row.revenueCents += sale.revenue;
      }
      byDay.push(row);
    }

    const order = (a: ReportRow, b: ReportRow) =>
      b.views - a.views ||
      b.clicks - a.clicks ||
      b.orders - a.orders ||
      ((a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0);
    const breakdown = (dimension: Dimension): ReportRow[] => {
      const rows = new Map<string | null, ReportRow>();
      const rowOf = (key: string | null) => rows.get(key) ?? rows.set(key, empty(key)).get(key)!;
      if (dimension === 'link') for (const link of links) rows.set(link.id, { ...empty(link.id), label: link.title });
      for (const fact of seeded.keyed) {
        if (fact.dimension !== dimension || !inRange(fact.day, { from, to })) continue;
        if (dimension === 'link' && !rows.has(fact.key)) continue; // a deleted link
        const row = rowOf(fact.key === '' ? null : fact.key);
        row.views += fact.views;
        row.uniqueVisitors += fact.uniqueVisitors;
        row.clicks += fact.clicks;
      }
      if (dimension !== 'device' && dimension !== 'link') {
        for (const sale of seeded.sales) {
          if (!inRange(paidDay(sale), { from, to })) continue;
          const key = dimension === 'country' ? (sale.country ?? 'unknown') : sale[dimension];
          const row = rowOf(key);
          row.orders += 1;
          row.revenueCents += sale.revenue;
        }
      }
      return [...rows.values()].sort(order).slice(0, REPORT_ROWS_LIMIT);
    };

    return {
      from,
      to,
      totals: totalsOf({ from, to }),
      previousRange: previous,
      previous: previous ? totalsOf(previous) : null,
      byDay,
      bySource: breakdown('source'),
      byMedium: breakdown('medium'),
      byCampaign: breakdown('campaign'),
      byCountry: breakdown('country'),
      byDevice: breakdown('device'),
      byLink: breakdown('link'),
    };
  }

  it('answers 401 to a visitor who is not signed in', async () => {
    for (const path of ['/api/analytics/report', '/api/analytics/report.csv']) {
      const response = await agent(app)
        .get(`${path}?from=${day(-6)}&to=${day(0)}`)
        .expect(401);
      expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
    }
  });

  it('answers 403 naming Premium to a free creator, whatever their data and query', async () => {
    const { client, user } = await signedInCreator(app);
    await db.query('insert into analytics_daily (owner_id, day, views, clicks) values ($1, $2, 5, 1)', [
      user.id,
      day(0),
    ]);

    for (const query of [`?from=${day(-6)}&to=${day(0)}`, '', '?from=nonsense']) {
      for (const path of ['/api/analytics/report', '/api/analytics/report.csv']) {
        const response = await client.get(`${path}${query}`).expect(403);
        expect(response.body).toEqual({ statusCode: 403, message: ReportMessages.premiumOnly });
      }
    }
  });

  describe('a bad query', () => {
    const table: Array<[string, () => string, string]> = [
      ['no from', () => `to=${day(0)}`, ReportMessages.fromRequired],
      ['nothing at all', () => '', ReportMessages.fromRequired],
      ['an empty from', () => `from=&to=${day(0)}`, ReportMessages.fromRequired],
      ['no to', () => `from=${day(-3)}`, ReportMessages.toRequired],
      ['a from not a date', () => `from=yesterday&to=${day(0)}`, ReportMessages.badDate('from')],
      ['a from without padding', () => `from=2027-3-1&to=${day(0)}`, ReportMessages.badDate('from')],
      ['a day that does not exist', () => `from=2026-02-30&to=${day(0)}`, ReportMessages.badDate('from')],
      ['a to with a time', () => `from=${day(-3)}&to=${day(0)}T00:00:00Z`, ReportMessages.badDate('to')],
      ['from twice', () => `from=${day(-3)}&from=${day(-2)}&to=${day(0)}`, ReportMessages.once('from')],
      ['to twice, the same', () => `from=${day(-3)}&to=${day(0)}&to=${day(0)}`, ReportMessages.once('to')],
      ['from after to', () => `from=${day(-1)}&to=${day(-2)}`, ReportMessages.order],
      ['to tomorrow', () => `from=${day(-1)}&to=${day(1)}`, ReportMessages.future],
      ['367 days', () => `from=${day(-366)}&to=${day(0)}`, ReportMessages.tooLong],
      ['compare=last-year', () => `from=${day(-3)}&to=${day(0)}&compare=last-year`, ReportMessages.compare],
      ['an empty compare', () => `from=${day(-3)}&to=${day(0)}&compare=`, ReportMessages.compare],
      [
        'compare twice',
        () => `from=${day(-3)}&to=${day(0)}&compare=previous&compare=previous`,
        ReportMessages.once('compare'),
      ],
      ['an option it does not know', () => `from=${day(-3)}&to=${day(0)}&days=7`, ReportMessages.unknown('days')],
      ['a bracketed option', () => `from[gt]=${day(-3)}&to=${day(0)}`, ReportMessages.unknown('from[gt]')],
    ];

    it.each(table)(
      'answers 400 with the message for %s, on both forms, and changes nothing',
      async (_name, query, message) => {
        const { client, user } = await premiumCreator();
        const before = await everything(user.id);

        for (const path of ['/api/analytics/report', '/api/analytics/report.csv']) {
          const response = await client.get(`${path}?${query()}`).expect(400);
          expect(response.body).toEqual({ statusCode: 400, message });
        }

        expect(await everything(user.id)).toBe(before);
      },
    );
  });

  it('answers the numbers counted from the rows, for the period and the one before, never another creator’s', async () => {
    const { client, user } = await premiumCreator();
    const links = [
      await addLink(client, 'Shop'),
      await addLink(client, 'Blog'),
      await addLink(client, '=Tips, "best"'),
    ];
    const gone = await addLink(client, 'Old');
    const other = await premiumCreator();
    const otherLink = await addLink(other.client, 'Theirs');
    const seeded = await seed(
      user.id,
      [...links, gone].map((l) => l.id),
      29,
      -40,
      0,
    );
    await seed(other.user.id, [otherLink.id], 7, -40, 0);
    await client.delete(`/api/links/${gone.id}`).expect(200);
    const current = (await client.get('/api/links').expect(200)).body as LinkView[];
    const from = day(-13);
    const to = day(0);

    const compared = (await client.get(`/api/analytics/report?from=${from}&to=${to}&compare=previous`).expect(200))
      .body as AnalyticsReportView;
    const alone = (await client.get(`/api/analytics/report?from=${day(-29)}&to=${day(-20)}`).expect(200))
      .body as AnalyticsReportView;

    expect(compared).toEqual(expectedReport(seeded, current, from, to, { from: day(-27), to: day(-14) }));
    expect(alone).toEqual(expectedReport(seeded, current, day(-29), day(-20), null));
    expect(compared.totals.orders).toBeGreaterThan(0);
    expect(compared.bySource.some((row) => row.key === 'only-sold.example' && row.views === 0)).toBe(true);
    const keys = DIMENSIONS.flatMap((dimension) =>
      (compared[BREAKDOWN[dimension]] as ReportRow[]).map((row) => row.key),
    );
    expect(keys).not.toContain(otherLink.id);
    expect(keys).not.toContain(gone.id);
  });

  it('gives the same report as CSV: every row, read back by a CSV parser, formulas defused', async () => {
    const { client, user } = await premiumCreator();
    const links = [await addLink(client, 'Shop'), await addLink(client, '=Tips, "best"')];
    await seed(
      user.id,
      links.map((l) => l.id),
      11,
      -30,
      0,
    );
    const query = `from=${day(-9)}&to=${day(0)}&compare=previous`;
    const json = (await client.get(`/api/analytics/report?${query}`).expect(200)).body as AnalyticsReportView;

    const response = await client.get(`/api/analytics/report.csv?${query}`).buffer(true).expect(200);

    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="linkbio-report-${day(-9)}-${day(0)}.csv"`,
    );
    const text = response.text;
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    const unsafe = (value: string) => /^[=+\-@\t\r]/.test(value);
    for (const record of records) expect(unsafe(record.key!) || unsafe(record.label!)).toBe(false);
    const undo = (value: string) => (value.startsWith("'") && unsafe(value.slice(1)) ? value.slice(1) : value);
    const totalsBack = (section: string) => {
      const record = records.find((r) => r.section === section)!;
      return {
        range: record.key,
        totals: {
          views: Number(record.views),
          uniqueVisitors: Number(record.unique_visitors),
          clicks: Number(record.clicks),
          clickRate: Number(record.click_rate),
          orders: Number(record.orders),
          revenueCents: Number(record.revenue_cents),
        },
      };
    };
    const rowsBack = (section: string): ReportRow[] =>
      records
        .filter((r) => r.section === section)
        .map((r) => ({
          key: r.key === '' ? null : undo(r.key!),
          ...(section === 'link' ? { label: undo(r.label!) } : {}),
          views: Number(r.views),
          uniqueVisitors: Number(r.unique_visitors),
          clicks: Number(r.clicks),
          orders: Number(r.orders),
          revenueCents: Number(r.revenue_cents),
        }));

    expect(totalsBack('totals')).toEqual({ range: `${json.from}/${json.to}`, totals: json.totals });
    expect(totalsBack('previous')).toEqual({
      range: `${json.previousRange!.from}/${json.previousRange!.to}`,
      totals: json.previous,
    });
    expect(rowsBack('day')).toEqual(json.byDay);
    for (const dimension of DIMENSIONS) expect(rowsBack(dimension)).toEqual(json[BREAKDOWN[dimension]]);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(text).toContain(`"'=Tips, ""best"""`);
  });

  it('lists at most the limit per breakdown in JSON and every row in the CSV', async () => {
    const { client, user } = await premiumCreator();
    await db.query(
      `insert into analytics_breakdown_daily (owner_id, dimension, day, key, views, unique_visitors, clicks)
       select $1, 'source', $2, 'site' || lpad(n::text, 3, '0') || '.example', n % 9, 0, 0 from generate_series(1, $3) as n`,
      [user.id, day(-1), REPORT_ROWS_LIMIT + 25],
    );
    // A sale makes the last of the sources with 8 views the first of them (then come the others, by key).
    const tipId = randomUUID();
    await db.query(
      `insert into orders (id, creator_id, kind, title, customer_email, amount, user_amount, platform_fee, status, created_at, paid_at, source)
       values ($1, $2, 'tip', 'Tip', 'ada@example.com', 700, 700, 0, 'paid', now(), now(), $3)`,
      [tipId, user.id, `site${REPORT_ROWS_LIMIT + 25}.example`],
    );
    await db.query(`insert into ledger_entries (id, creator_id, order_id, amount, created_at, kind) values ($1, $2, $3, 700, now(), 'earning')`, [
      randomUUID(),
      user.id,
      tipId,
    ]);
    const query = `from=${day(-1)}&to=${day(0)}`;

    const json = (await client.get(`/api/analytics/report?${query}`).expect(200)).body as AnalyticsReportView;
    const csv = parse((await client.get(`/api/analytics/report.csv?${query}`).buffer(true).expect(200)).text, {
      columns: true,
    }) as Array<Record<string, string>>;

    expect(json.bySource).toHaveLength(REPORT_ROWS_LIMIT);
    const sources = csv.filter((r) => r.section === 'source');
    expect(sources).toHaveLength(REPORT_ROWS_LIMIT + 25);
    expect(sources.slice(0, REPORT_ROWS_LIMIT).map((r) => r.key)).toEqual(json.bySource.map((r) => r.key));
    expect(json.bySource.slice(0, 2)).toEqual([
      {
        key: `site${REPORT_ROWS_LIMIT + 25}.example`,
        views: 8,
        uniqueVisitors: 0,
        clicks: 0,
        orders: 1,
        revenueCents: 700,
      },
      { key: 'site008.example', views: 8, uniqueVisitors: 0, clicks: 0, orders: 0, revenueCents: 0 },
    ]);
  });
});
