import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsReader, type DayCounts, type DayRange } from '../application/ports/analytics-reader.js';
import type { AnalyticsTotals, DeviceClass } from '../domain/analytics.js';

/** Reads what the worker aggregated: the per-day rollups and link click totals. */
@Injectable()
export class PostgresAnalyticsReader extends AnalyticsReader {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async totalsForOwner(ownerId: Id): Promise<AnalyticsTotals> {
    const [row] = await this.em.execute<Array<{ views: string | null; clicks: string | null }>>(
      'select sum(views) as views, sum(clicks) as clicks from analytics_daily where owner_id = ?',
      [ownerId],
    );
    return { views: Number(row?.views ?? 0), clicks: Number(row?.clicks ?? 0) };
  }

  async clicksByLink(ownerId: Id): Promise<Map<Id, number>> {
    const rows = await this.em.execute<Array<{ link_id: string; clicks: string }>>(
      'select link_id, clicks from analytics_link_totals where owner_id = ?',
      [ownerId],
    );
    return new Map(rows.map((row) => [row.link_id, Number(row.clicks)]));
  }

  async dailyForOwner(ownerId: Id, range: DayRange): Promise<DayCounts[]> {
    const rows = await this.em.execute<Array<{ day: string; views: number; clicks: number }>>(
      `select to_char(day, 'YYYY-MM-DD') as day, views, clicks from analytics_daily
        where owner_id = ? and day between ?::date and ?::date order by day`,
      [ownerId, range.from, range.to],
    );
    return rows.map((row) => ({ day: row.day, views: Number(row.views), clicks: Number(row.clicks) }));
  }

  async linkClicksInRange(ownerId: Id, range: DayRange): Promise<Map<Id, number>> {
    const rows = await this.em.execute<Array<{ link_id: string; clicks: string }>>(
      `select link_id, sum(clicks) as clicks from analytics_link_daily
        where owner_id = ? and day between ?::date and ?::date group by link_id`,
      [ownerId, range.from, range.to],
    );
    return new Map(rows.map((row) => [row.link_id, Number(row.clicks)]));
  }

  async topReferrers(ownerId: Id, range: DayRange, limit: number): Promise<Array<{ host: string; views: number }>> {
    const rows = await this.em.execute<Array<{ host: string; views: string }>>(
      `select host, sum(views) as views from analytics_referrer_daily
        where owner_id = ? and day between ?::date and ?::date
        group by host order by sum(views) desc, host collate "C" limit ?`,
      [ownerId, range.from, range.to, limit],
    );
    return rows.map((row) => ({ host: row.host, views: Number(row.views) }));
  }

  async viewsByDevice(ownerId: Id, range: DayRange): Promise<Map<DeviceClass, number>> {
    const rows = await this.em.execute<Array<{ device: DeviceClass; views: string }>>(
      `select device, sum(views) as views from analytics_device_daily
        where owner_id = ? and day between ?::date and ?::date group by device`,
      [ownerId, range.from, range.to],
    );
    return new Map(rows.map((row) => [row.device, Number(row.views)]));
  }
}
