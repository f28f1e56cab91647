import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { GroupedReads } from '../../../shared/grouped-reads.js';
import { isId, type Id } from '../../../shared/ids.js';
import { AnalyticsReader, type DayCounts, type DayRange } from '../application/ports/analytics-reader.js';
import type { AnalyticsTotals, DeviceClass } from '../domain/analytics.js';

/**
 * Reads what the worker aggregated: the per-day rollups, their breakdowns (analytics_breakdown_daily) and link
 * click totals, each a plain prepared statement (the dashboard reads them on every visit).
 */
@Injectable()
export class PostgresAnalyticsReader extends AnalyticsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  private async rows<Row extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    return (await this.pool.query<Row>({ name: `analytics-${name}`, text, values })).rows;
  }

  /** Read on every visit of the dashboard: the owners asked for at once share one query (GroupedReads). */
  async totalsForOwner(ownerId: Id): Promise<AnalyticsTotals> {
    if (!isId(ownerId)) return { views: 0, clicks: 0 };
    return (await this.totals.read(ownerId.toLowerCase())) ?? { views: 0, clicks: 0 };
  }

  private readonly totals = new GroupedReads<Id, AnalyticsTotals>(async (ownerIds) => {
    const rows = await this.rows<{ owner_id: string; views: string; clicks: string }>(
      'totals',
      'select owner_id, sum(views) as views, sum(clicks) as clicks from analytics_daily where owner_id = any($1::uuid[]) group by owner_id',
      [ownerIds],
    );
    return new Map(rows.map((row) => [row.owner_id, { views: Number(row.views), clicks: Number(row.clicks) }]));
  });

  /** Read on every read of the dashboard's list: the owners asked for at once share one query (GroupedReads). */
  async clicksByLink(ownerId: Id): Promise<Map<Id, number>> {
    if (!isId(ownerId)) return new Map();
    return new Map((await this.clicks.read(ownerId.toLowerCase())) ?? []);
  }

  private readonly clicks = new GroupedReads<Id, Array<[Id, number]>>(async (ownerIds) => {
    const rows = await this.rows<{ owner_id: string; link_id: string; clicks: string }>(
      'clicks-by-link',
      'select owner_id, link_id, clicks from analytics_link_totals where owner_id = any($1::uuid[])',
      [ownerIds],
    );
    const byOwner = new Map<Id, Array<[Id, number]>>();
    for (const row of rows) {
      const clicks = byOwner.get(row.owner_id);
      if (clicks) clicks.push([row.link_id, Number(row.clicks)]);
      else byOwner.set(row.owner_id, [[row.link_id, Number(row.clicks)]]);
    }
    return byOwner;
  });

  async dailyForOwner(ownerId: Id, range: DayRange): Promise<DayCounts[]> {
    const rows = await this.rows<{ day: string; views: number; clicks: number }>(
      'daily',
      `select to_char(day, 'YYYY-MM-DD') as day, views, clicks from analytics_daily
        where owner_id = $1 and day between $2::date and $3::date order by day`,
      [ownerId, range.from, range.to],
    );
    return rows.map((row) => ({ day: row.day, views: Number(row.views), clicks: Number(row.clicks) }));
  }

  async linkClicksInRange(ownerId: Id, range: DayRange): Promise<Map<Id, number>> {
    const rows = await this.rows<{ link_id: string; clicks: string }>(
      'link-clicks-in-range',
      `select key as link_id, sum(clicks) as clicks from analytics_breakdown_daily
        where owner_id = $1 and dimension = 'link' and day between $2::date and $3::date group by key having sum(clicks) > 0`,
      [ownerId, range.from, range.to],
    );
    return new Map(rows.map((row) => [row.link_id, Number(row.clicks)]));
  }

  async topReferrers(ownerId: Id, range: DayRange, limit: number): Promise<Array<{ host: string; views: number }>> {
    const rows = await this.rows<{ host: string; views: string }>(
      'top-referrers',
      `select key as host, sum(views) as views from analytics_breakdown_daily
        where owner_id = $1 and dimension = 'referrer' and key <> '' and day between $2::date and $3::date
        group by key having sum(views) > 0 order by sum(views) desc, key collate "C" limit $4`,
      [ownerId, range.from, range.to, limit],
    );
    return rows.map((row) => ({ host: row.host, views: Number(row.views) }));
  }

  async viewsByDevice(ownerId: Id, range: DayRange): Promise<Map<DeviceClass, number>> {
    const rows = await this.rows<{ device: DeviceClass; views: string }>(
      'views-by-device',
      `select key as device, sum(views) as views from analytics_breakdown_daily
        where owner_id = $1 and dimension = 'device' and key in ('mobile', 'tablet', 'desktop') and day between $2::date and $3::date
        group by key having sum(views) > 0`,
      [ownerId, range.from, range.to],
    );
    return new Map(rows.map((row) => [row.device, Number(row.views)]));
  }
}
