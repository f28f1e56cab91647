import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsReader } from '../application/ports/analytics-reader.js';
import { AnalyticsRecorder } from '../application/ports/analytics-recorder.js';
import type { AnalyticsEvent, AnalyticsTotals } from '../domain/analytics.js';

/** Views and clicks as append-only rows in PostgreSQL, counted on read. */
@Injectable()
export class MikroOrmAnalyticsStore implements AnalyticsRecorder, AnalyticsReader {
  constructor(private readonly em: EntityManager) {}

  async record(event: AnalyticsEvent): Promise<void> {
    await this.em.execute(
      'insert into analytics_events (kind, owner_id, link_id, occurred_at, referrer_host) values (?, ?, ?, ?, ?)',
      [event.kind, event.ownerId, event.linkId, event.occurredAt, event.referrer],
    );
  }

  async totalsForOwner(ownerId: Id): Promise<AnalyticsTotals> {
    const [row] = await this.em.execute<Array<{ views: string; clicks: string }>>(
      `select count(*) filter (where kind = 'view') as views, count(*) filter (where kind = 'click') as clicks
         from analytics_events where owner_id = ?`,
      [ownerId],
    );
    return { views: Number(row?.views ?? 0), clicks: Number(row?.clicks ?? 0) };
  }

  async clicksByLink(ownerId: Id): Promise<Map<Id, number>> {
    const rows = await this.em.execute<Array<{ link_id: string; clicks: string }>>(
      `select link_id, count(*) as clicks from analytics_events
        where owner_id = ? and kind = 'click' and link_id is not null group by link_id`,
      [ownerId],
    );
    return new Map(rows.map((row) => [row.link_id, Number(row.clicks)]));
  }
}
