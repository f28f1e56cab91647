import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock.js';
import { AnalyticsRollups } from '../application/ports/analytics-rollups.js';
import type { EventBatch } from '../domain/analytics.js';

/** An event as the rollups count it: its UTC day. */
interface FreshEvent {
  kind: 'view' | 'click';
  owner_id: string;
  link_id: string | null;
  day: string;
  referrer_host: string | null;
  device: string | null;
}

type Row = Record<string, string | number | null>;

/** One upsert row per rollup key: `counters` summed over the rows sharing a key, sorted by key. */
function tally<T>(rows: T[], key: (row: T) => string, make: (row: T) => Row, counters: string[]): Row[] {
  const sums = new Map<string, Row>();
  for (const row of rows) {
    const k = key(row);
    const made = make(row);
    const current = sums.get(k);
    if (!current) sums.set(k, made);
    else for (const field of counters) current[field] = Number(current[field]) + Number(made[field]);
  }
  // Sorted, so concurrent batches lock the same rows in the same order.
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
}

/**
 * The rollups in PostgreSQL. Batches are applied in one transaction: their ids go into analytics_seen_batches
 * (those already there are skipped), and only the new batches' events are added to the counters, tallied here
 * first, so a batch that is applied again after a crash changes nothing and the database writes a row per
 * batch and per counter, not per event. Events of a page or link deleted meanwhile are dropped.
 */
@Injectable()
export class PostgresAnalyticsRollups extends AnalyticsRollups {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {
    super();
  }

  async apply(batches: EventBatch[]): Promise<number> {
    const byId = new Map(batches.map((batch) => [batch.id, batch]));
    // Sorted, so concurrent transactions take the ids' locks in the same order.
    const ids = [...byId.keys()].sort();
    return this.em.fork().transactional(async (tx) => {
      const seen = await tx.execute<Array<{ id: string }>>(
        `insert into analytics_seen_batches (id, seen_at) select ids.id::uuid, ?::timestamptz from jsonb_array_elements_text(?::jsonb) as ids(id)
         on conflict (id) do nothing returning id`,
        [this.clock.now(), JSON.stringify(ids)],
      );
      const fresh: FreshEvent[] = seen.flatMap(({ id }) =>
        (byId.get(id)?.events ?? []).map((event) => ({
          kind: event.kind,
          owner_id: event.ownerId,
          link_id: event.linkId,
          day: event.occurredAt.toISOString().slice(0, 10),
          referrer_host: event.referrer,
          device: event.device,
        })),
      );
      if (fresh.length === 0) return 0;

      const daily = tally(
        fresh,
        (e) => `${e.owner_id}|${e.day}`,
        (e) => ({ owner_id: e.owner_id, day: e.day, views: e.kind === 'view' ? 1 : 0, clicks: e.kind === 'click' ? 1 : 0 }),
        ['views', 'clicks'],
      );
      await tx.execute(
        `insert into analytics_daily (owner_id, day, views, clicks)
         select r.owner_id, r.day, r.views, r.clicks
           from jsonb_to_recordset(?::jsonb) as r(owner_id uuid, day date, views int, clicks int)
           join users u on u.id = r.owner_id
         on conflict (owner_id, day) do update
           set views = analytics_daily.views + excluded.views, clicks = analytics_daily.clicks + excluded.clicks`,
        [JSON.stringify(daily)],
      );

      const clicks = fresh.filter((e) => e.kind === 'click' && e.link_id !== null);
      if (clicks.length > 0) {
        const linkDaily = tally(
          clicks,
          (e) => `${e.link_id}|${e.day}`,
          (e) => ({ link_id: e.link_id, day: e.day, owner_id: e.owner_id, clicks: 1 }),
          ['clicks'],
        );
        await tx.execute(
          `insert into analytics_link_daily (link_id, day, owner_id, clicks)
           select r.link_id, r.day, l.owner_id, r.clicks
             from jsonb_to_recordset(?::jsonb) as r(link_id uuid, day date, clicks int)
             join links l on l.id = r.link_id
           on conflict (link_id, day) do update set clicks = analytics_link_daily.clicks + excluded.clicks`,
          [JSON.stringify(linkDaily)],
        );
        const totals = tally(clicks, (e) => `${e.link_id}`, (e) => ({ link_id: e.link_id, clicks: 1 }), ['clicks']);
        await tx.execute(
          `insert into analytics_link_totals (link_id, owner_id, clicks)
           select r.link_id, l.owner_id, r.clicks
             from jsonb_to_recordset(?::jsonb) as r(link_id uuid, clicks int)
             join links l on l.id = r.link_id
           on conflict (link_id) do update set clicks = analytics_link_totals.clicks + excluded.clicks`,
          [JSON.stringify(totals)],
        );
      }

      const views = fresh.filter((e) => e.kind === 'view');
      const referred = views.filter((e) => e.referrer_host !== null);
      if (referred.length > 0) {
        const rows = tally(
          referred,
          (e) => `${e.owner_id}|${e.day}|${e.referrer_host}`,
          (e) => ({ owner_id: e.owner_id, day: e.day, host: e.referrer_host, views: 1 }),
          ['views'],
        );
        await tx.execute(
          `insert into analytics_referrer_daily (owner_id, day, host, views)
           select r.owner_id, r.day, left(r.host, 255), r.views
             from jsonb_to_recordset(?::jsonb) as r(owner_id uuid, day date, host text, views int)
             join users u on u.id = r.owner_id
           on conflict (owner_id, day, host) do update set views = analytics_referrer_daily.views + excluded.views`,
          [JSON.stringify(rows)],
        );
      }
      const withDevice = views.filter((e) => e.device === 'mobile' || e.device === 'tablet' || e.device === 'desktop');
      if (withDevice.length > 0) {
        const rows = tally(
          withDevice,
          (e) => `${e.owner_id}|${e.day}|${e.device}`,
          (e) => ({ owner_id: e.owner_id, day: e.day, device: e.device, views: 1 }),
          ['views'],
        );
        await tx.execute(
          `insert into analytics_device_daily (owner_id, day, device, views)
           select r.owner_id, r.day, r.device, r.views
             from jsonb_to_recordset(?::jsonb) as r(owner_id uuid, day date, device text, views int)
             join users u on u.id = r.owner_id
           on conflict (owner_id, day, device) do update set views = analytics_device_daily.views + excluded.views`,
          [JSON.stringify(rows)],
        );
      }
      return fresh.length;
    });
  }

  async forgetSeenBefore(before: Date): Promise<number> {
    const em = this.em.fork();
    let forgotten = 0;
    // analytics_seen_events: the events counted one by one before batches had ids.
    for (const table of ['analytics_seen_batches', 'analytics_seen_events']) {
      forgotten += (await em.execute<Array<{ id: string }>>(`delete from ${table} where seen_at < ? returning id`, [before])).length;
    }
    return forgotten;
  }
}
