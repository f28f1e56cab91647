import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Id } from '../../../shared/ids.js';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import type { DayRange } from '../application/ports/analytics-reader.js';
import {
  AnalyticsReportReader,
  REPORT_DIMENSIONS,
  SALE_DIMENSIONS,
  type ReportDimension,
  type SaleDimension,
  type VisitsAndSales,
} from '../application/ports/analytics-report-reader.js';
import type { SaleCounts, VisitCounts } from '../domain/analytics-report.js';

/** The range's bounds as instants: from the start of `from` to the end of `to`, UTC, whatever the session's zone. */
const PAID_IN_RANGE = `paid_at >= ($2::date::timestamp at time zone 'UTC') and paid_at < (($3::date + 1)::timestamp at time zone 'UTC')`;

/**
 * Every sale of the owner paid in the range, bookings, product orders and tips alike: its UTC day of payment,
 * its attribution ('' for none; a missing country is 'unknown'), and what it brought in — the amount charged
 * less its refunds that succeeded (a refund that failed, even after succeeding, gives nothing back).
 */
const saleRows = (table: 'bookings' | 'orders', refundColumn: 'booking_id' | 'order_id') => `
  select paid_at, source, medium, campaign, country,
         amount - coalesce((select sum(r.amount) from refunds r where r.${refundColumn} = t.id and r.status = 'succeeded'), 0) as revenue
    from ${table} t where creator_id = $1 and ${PAID_IN_RANGE}`;
const SALES = `
  select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(source, '') as source,
         coalesce(medium, '') as medium, coalesce(campaign, '') as campaign, coalesce(country, 'unknown') as country, revenue
    from (${saleRows('bookings', 'booking_id')} union all ${saleRows('orders', 'order_id')}) s`;

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
const salesOf = (row: { orders: string; revenue: string }): SaleCounts => ({
  orders: Number(row.orders),
  revenueCents: Number(row.revenue),
});

/**
 * The report read from the daily rollups (each query a range of their primary keys: owner, [dimension,] day)
 * and from the sales tables through their (creator, paid_at) indexes. Read like the billing tables the
 * earnings module reads: plain SQL over another module's tables, nothing written.
 */
@Injectable()
export class PostgresAnalyticsReportReader extends AnalyticsReportReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  private async rows<Row extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    return (await this.pool.query<Row>({ name: `analytics-report-${name}`, text, values })).rows;
  }

  async visitsAndSales(ownerId: Id, range: DayRange): Promise<VisitsAndSales> {
    const [days, breakdowns, sales] = await Promise.all([
      this.rows<VisitRow & { day: string }>(
        'days',
        `select to_char(day, 'YYYY-MM-DD') as day, views, unique_visitors, clicks from analytics_daily
          where owner_id = $1 and day between $2::date and $3::date`,
        [ownerId, range.from, range.to],
      ),
      this.rows<VisitRow & { dimension: ReportDimension; key: string }>(
        'breakdowns',
        `select dimension, key, sum(views) as views, sum(unique_visitors) as unique_visitors, sum(clicks) as clicks
           from analytics_breakdown_daily
          where owner_id = $1 and dimension = any($4::varchar[]) and day between $2::date and $3::date
          group by dimension, key`,
        [ownerId, range.from, range.to, REPORT_DIMENSIONS],
      ),
      this.rows<Record<'day' | SaleDimension, string | null> & { orders: string; revenue: string }>(
        'sales',
        `select day, source, medium, campaign, country, count(*) as orders, sum(revenue) as revenue from (${SALES}) sale
          group by grouping sets ((day), (source), (medium), (campaign), (country))`,
        [ownerId, range.from, range.to],
      ),
    ]);

    const visitsBy = Object.fromEntries(REPORT_DIMENSIONS.map((dimension) => [dimension, new Map()])) as VisitsAndSales['visitsBy'];
    for (const row of breakdowns) visitsBy[row.dimension].set(row.key, visitsOf(row));
    const salesByDay = new Map<string, SaleCounts>();
    const salesBy = Object.fromEntries(SALE_DIMENSIONS.map((dimension) => [dimension, new Map()])) as VisitsAndSales['salesBy'];
    // Each row is one grouping set's: the column it is grouped by is the only one not null.
    for (const row of sales) {
      if (row.day !== null) salesByDay.set(row.day, salesOf(row));
      for (const dimension of SALE_DIMENSIONS) {
        const key = row[dimension];
        if (key !== null) salesBy[dimension].set(key, salesOf(row));
      }
    }
    return { visitsByDay: new Map(days.map((row) => [row.day, visitsOf(row)])), visitsBy, salesByDay, salesBy };
  }

  async totals(ownerId: Id, range: DayRange): Promise<{ visits: VisitCounts; sales: SaleCounts }> {
    const [[visits], [sales]] = await Promise.all([
      this.rows<VisitRow>(
        'visit-totals',
        `select coalesce(sum(views), 0) as views, coalesce(sum(unique_visitors), 0) as unique_visitors,
                coalesce(sum(clicks), 0) as clicks
           from analytics_daily where owner_id = $1 and day between $2::date and $3::date`,
        [ownerId, range.from, range.to],
      ),
      this.rows<{ orders: string; revenue: string }>(
        'sale-totals',
        `select count(*) as orders, coalesce(sum(revenue), 0) as revenue from (${SALES}) sale`,
        [ownerId, range.from, range.to],
      ),
    ]);
    return { visits: visitsOf(visits!), sales: salesOf(sales!) };
  }
}
