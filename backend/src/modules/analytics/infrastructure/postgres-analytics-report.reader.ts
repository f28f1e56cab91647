import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Id } from '../../../shared/ids.js';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import type { DayRange } from '../application/ports/analytics-reader.js';
import {
  AnalyticsReportReader,
  REPORT_DIMENSIONS,
  type ReportData,
  type ReportDimension,
} from '../application/ports/analytics-report-reader.js';
import {
  addSales,
  addVisits,
  NO_SALES,
  NO_VISITS,
  type KeyCounts,
  type SaleCounts,
  type VisitCounts,
} from '../domain/analytics-report.js';

/**
 * Every sale of the owner paid from the instant `$from` (included) to `$until` (excluded), bookings, product
 * orders and tips alike, with its attribution and what it brought the creator: its ledger entries — their share
 * of the price, less the share of each refund that succeeded — so the report's revenue is the Earnings card's.
 */
const saleRows = (from: string, until: string) =>
  [
    ['bookings', 'booking_id'],
    ['orders', 'order_id'],
  ]
    .map(
      ([table, saleColumn]) => `
  select paid_at, source, medium, campaign, country,
         coalesce((select sum(l.amount) from ledger_entries l where l.${saleColumn} = t.id), 0) as revenue
    from ${table} t where creator_id = $1 and paid_at >= ${from}::timestamptz and paid_at < ${until}::timestamptz`,
    )
    .join(' union all ');

/** The first instant of a UTC day, and the first after it. */
const startOf = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => new Date(Date.parse(startOf(day)) + 86_400_000).toISOString();

/**
 * Each breakdown's keys in the range: the rollups' visits beside the sales attributed to the key (a key may have
 * either or both). With $5, the keys ranked past $5 on views, clicks and orders are left out (those tied with
 * the $5th stay, for the report to order by key), but never a link: the report lists every current one.
 */
const BREAKDOWNS = `
  with visits as (
    select dimension::text collate "C" as dimension, key::text collate "C" as key, sum(views) as views, sum(unique_visitors) as unique_visitors, sum(clicks) as clicks
      from analytics_breakdown_daily
     where owner_id = $1 and dimension = any($4::varchar[]) and day between $2::date and $3::date
     group by dimension, key
  ), sold as (
    select case when grouping(source) = 0 then 'source' when grouping(medium) = 0 then 'medium'
                when grouping(campaign) = 0 then 'campaign' else 'country' end collate "C" as dimension,
           coalesce(source, medium, campaign, country)::text collate "C" as key, count(*) as orders, sum(revenue) as revenue
      from (select coalesce(source, '') as source, coalesce(medium, '') as medium, coalesce(campaign, '') as campaign,
                   coalesce(country, 'unknown') as country, revenue
              from (${saleRows('$6', '$7')}) paid) s
     group by grouping sets ((source), (medium), (campaign), (country))
  ), merged as (
    select coalesce(v.dimension, s.dimension) as dimension, coalesce(v.key, s.key) as key,
           coalesce(v.views, 0) as views, coalesce(v.unique_visitors, 0) as unique_visitors, coalesce(v.clicks, 0) as clicks,
           coalesce(s.orders, 0) as orders, coalesce(s.revenue, 0) as revenue
      from visits v full join sold s on s.dimension = v.dimension and s.key = v.key
  )
  select dimension, key, views, unique_visitors, clicks, orders, revenue
    from (select merged.*, rank() over (partition by dimension order by views desc, clicks desc, orders desc) as place from merged) ranked
   where $5::int is null or place <= $5 or dimension = 'link'`;

interface VisitRow {
  views: string;
  unique_visitors: string;
  clicks: string;
}

const visitsOf = (row: VisitRow): VisitCounts => ({
  views: Number(row.views),
  uniqueVisitors: Number(row.unique_visitors),
  clicks: Number(row.clicks),
});
interface SaleRow {
  orders: string;
  revenue: string;
}

const salesOf = (row: SaleRow): SaleCounts => ({
  orders: Number(row.orders),
  revenueCents: Number(row.revenue),
});

/**
 * The report read from the daily rollups (each query a range of their primary keys: owner, [dimension,] day)
 * and from the sales tables through their (creator, paid_at) indexes, as the earnings module reads billing's
 * tables: plain SQL, nothing written. The period and the one before it are read together (one span of days).
 * A report asked while the same one is being read gets that read's answer: at most one read's time older than
 * the rollups, which the worker itself writes in batches.
 */
@Injectable()
export class PostgresAnalyticsReportReader extends AnalyticsReportReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  /** The reads under way, by what they read: an identical report asked meanwhile shares the answer. */
  private readonly underWay = new Map<string, Promise<ReportData>>();

  read(ownerId: Id, range: DayRange, previous: DayRange | null, limit: number | null): Promise<ReportData> {
    const key = JSON.stringify([ownerId.toLowerCase(), range, previous, limit]);
    const known = this.underWay.get(key);
    if (known) return known;
    const reading = this.readNow([ownerId, range, previous, limit]).finally(() => this.underWay.delete(key));
    this.underWay.set(key, reading);
    return reading;
  }

  private async rows<Row extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    return (await this.pool.query<Row>({ name: `analytics-report-${name}`, text, values })).rows;
  }

  private async readNow([ownerId, range, previous, limit]: Parameters<
    AnalyticsReportReader['read']
  >): Promise<ReportData> {
    const first = previous?.from ?? range.from;
    const [days, sales, keyed] = await Promise.all([
      this.rows<VisitRow & { day: string }>(
        'days',
        `select to_char(day, 'YYYY-MM-DD') as day, views, unique_visitors, clicks from analytics_daily
          where owner_id = $1 and day between $2::date and $3::date`,
        [ownerId, first, range.to],
      ),
      this.rows<SaleRow & { day: string }>(
        'sales-by-day',
        `select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as orders, sum(revenue) as revenue
           from (${saleRows('$2', '$3')}) sale group by 1`,
        [ownerId, startOf(first), endOf(range.to)],
      ),
      this.rows<VisitRow & SaleRow & { dimension: ReportDimension; key: string }>('breakdowns', BREAKDOWNS, [
        ownerId,
        range.from,
        range.to,
        REPORT_DIMENSIONS,
        limit,
        startOf(range.from),
        endOf(range.to),
      ]),
    ]);

    let previousVisits = NO_VISITS;
    let previousSales = NO_SALES;
    const visitsByDay = new Map<string, VisitCounts>();
    for (const row of days) {
      if (row.day >= range.from) visitsByDay.set(row.day, visitsOf(row));
      else previousVisits = addVisits(previousVisits, visitsOf(row));
    }
    const salesByDay = new Map<string, SaleCounts>();
    for (const row of sales) {
      if (row.day >= range.from) salesByDay.set(row.day, salesOf(row));
      else previousSales = addSales(previousSales, salesOf(row));
    }
    const breakdowns = Object.fromEntries(
      REPORT_DIMENSIONS.map((dimension) => [dimension, [] as KeyCounts[]]),
    ) as ReportData['breakdowns'];
    for (const row of keyed) breakdowns[row.dimension].push({ key: row.key, ...visitsOf(row), ...salesOf(row) });
    return {
      visitsByDay,
      salesByDay,
      breakdowns,
      previous: previous ? { visits: previousVisits, sales: previousSales } : null,
    };
  }
}
