import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/clock.js';
import { AnalyticsRollups } from '../application/ports/analytics-rollups.js';
import type { EventBatch, EventGroup } from '../domain/analytics.js';

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

/** The dimensions a view or click is broken down by, with its key in each ('' for none). */
const DIMENSIONS = [
  ['referrer', (g: EventGroup) => g.referrer ?? ''],
  ['source', (g: EventGroup) => g.source ?? ''],
  ['medium', (g: EventGroup) => g.medium ?? ''],
  ['campaign', (g: EventGroup) => g.campaign ?? ''],
  ['country', (g: EventGroup) => g.country],
  ['device', (g: EventGroup) => g.device ?? ''],
] as const;

/** Every (dimension, key) a group counts under: the page as a whole, each breakdown, and a click's link. */
function keysOf(group: EventGroup): Array<[string, string]> {
  const keys: Array<[string, string]> = DIMENSIONS.map(([dimension, keyOf]) => [dimension, keyOf(group)]);
  if (group.kind === 'click' && group.linkId !== null) keys.push(['link', group.linkId]);
  return keys;
}

/**
 * The rollups in PostgreSQL. Batches are applied in one transaction: their ids go into analytics_seen_batches
 * (those already there are skipped), and only the new batches' groups are added to the counters, tallied here
 * first, so a batch that is applied again after a crash changes nothing and the database writes a row per
 * batch and per counter, not per event. Unique visitors: the groups' visitor hashes go into analytics_visitors
 * per page, day, dimension and key (a view's under the page as a whole, 'page' and '', and each of its
 * breakdowns; a click's under its link), and those that were not there yet are added to the counters. Events
 * of a page deleted meanwhile are dropped, and clicks of a deleted link count in no link total.
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
      const fresh: EventGroup[] = seen.flatMap(({ id }) => byId.get(id)?.groups ?? []);
      if (fresh.length === 0) return 0;

      const unique = await this.newVisitors(tx, fresh);
      const uniqueOf = (ownerId: string, day: string, dimension: string, key: string) =>
        unique.get(`${ownerId}|${day}|${dimension}|${key}`) ?? 0;

      const daily = tally(
        fresh,
        (g) => `${g.ownerId}|${g.day}`,
        (g) => ({
          owner_id: g.ownerId,
          day: g.day,
          views: g.kind === 'view' ? g.count : 0,
          clicks: g.kind === 'click' ? g.count : 0,
          unique_visitors: uniqueOf(g.ownerId, g.day, 'page', ''),
        }),
        ['views', 'clicks'],
      );
      await tx.execute(
        `insert into analytics_daily (owner_id, day, views, clicks, unique_visitors)
         select r.owner_id, r.day, r.views, r.clicks, r.unique_visitors
           from jsonb_to_recordset(?::jsonb) as r(owner_id uuid, day date, views int, clicks int, unique_visitors int)
           join users u on u.id = r.owner_id
         on conflict (owner_id, day) do update
           set views = analytics_daily.views + excluded.views, clicks = analytics_daily.clicks + excluded.clicks,
               unique_visitors = analytics_daily.unique_visitors + excluded.unique_visitors`,
        [JSON.stringify(daily)],
      );

      const breakdowns = tally(
        fresh.flatMap((g) => keysOf(g).map(([dimension, key]) => ({ g, dimension, key }))),
        ({ g, dimension, key }) => `${g.ownerId}|${dimension}|${g.day}|${key}`,
        ({ g, dimension, key }) => ({
          owner_id: g.ownerId,
          dimension,
          day: g.day,
          key,
          views: g.kind === 'view' ? g.count : 0,
          clicks: g.kind === 'click' ? g.count : 0,
          unique_visitors: uniqueOf(g.ownerId, g.day, dimension, key),
        }),
        ['views', 'clicks'],
      );
      await tx.execute(
        `insert into analytics_breakdown_daily as b (owner_id, dimension, day, key, views, unique_visitors, clicks)
         select r.owner_id, r.dimension, r.day, r.key, r.views, r.unique_visitors, r.clicks
           from jsonb_to_recordset(?::jsonb) as r(owner_id uuid, dimension text, day date, key text, views int, unique_visitors int, clicks int)
           join users u on u.id = r.owner_id
         on conflict (owner_id, dimension, day, key) do update
           set views = b.views + excluded.views, unique_visitors = b.unique_visitors + excluded.unique_visitors,
               clicks = b.clicks + excluded.clicks`,
        [JSON.stringify(breakdowns)],
      );

      const clicks = fresh.filter((g) => g.kind === 'click' && g.linkId !== null);
      if (clicks.length > 0) {
        const totals = tally(
          clicks,
          (g) => `${g.linkId}`,
          (g) => ({ link_id: g.linkId, clicks: g.count }),
          ['clicks'],
        );
        await tx.execute(
          `insert into analytics_link_totals (link_id, owner_id, clicks)
           select r.link_id, l.owner_id, r.clicks
             from jsonb_to_recordset(?::jsonb) as r(link_id uuid, clicks int)
             join links l on l.id = r.link_id
           on conflict (link_id) do update set clicks = analytics_link_totals.clicks + excluded.clicks`,
          [JSON.stringify(totals)],
        );
      }
      return fresh.reduce((events, g) => events + g.count, 0);
    });
  }

  /**
   * Puts the groups' visitor hashes into analytics_visitors; answers how many were new per page, day, dimension
   * and key ('page' and '' for the page as a whole: views only).
   */
  private async newVisitors(tx: EntityManager, groups: EventGroup[]): Promise<Map<string, number>> {
    const rows = new Map<string, Row>();
    for (const g of groups) {
      if (g.visitors.length === 0) continue;
      const keys = keysOf(g).filter(([dimension]) => g.kind === 'view' || dimension === 'link');
      if (g.kind === 'view') keys.push(['page', '']);
      for (const hash of g.visitors) {
        for (const [dimension, key] of keys) {
          rows.set(`${g.ownerId}|${g.day}|${dimension}|${key}|${hash}`, {
            owner_id: g.ownerId,
            day: g.day,
            dimension,
            key,
            hash,
          });
        }
      }
    }
    const unique = new Map<string, number>();
    if (rows.size === 0) return unique;
    // Sorted, so concurrent batches lock the same rows in the same order.
    const sorted = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    const inserted = await tx.execute<
      Array<{ owner_id: string; day: string; dimension: string; key: string; visitors: string }>
    >(
      `with added as (
         insert into analytics_visitors (owner_id, day, dimension, key, hash)
         select r.owner_id, r.day, r.dimension, r.key, r.hash
           from jsonb_to_recordset(?::jsonb) as r(owner_id uuid, day date, dimension text, key text, hash bigint)
           join users u on u.id = r.owner_id
         on conflict do nothing
         returning owner_id, day, dimension, key)
       select owner_id, to_char(day, 'YYYY-MM-DD') as day, dimension, key, count(*) as visitors from added group by 1, 2, 3, 4`,
      [JSON.stringify(sorted)],
    );
    for (const row of inserted)
      unique.set(`${row.owner_id}|${row.day}|${row.dimension}|${row.key}`, Number(row.visitors));
    return unique;
  }

  async forgetVisitorsBefore(day: string): Promise<number> {
    const [deleted] = await this.em
      .fork()
      .execute<Array<{ rows: string }>>(
        `with gone as (delete from analytics_visitors where day < ?::date returning 1) select count(*) as rows from gone`,
        [day],
      );
    return Number(deleted?.rows ?? 0);
  }

  async forgetSeenBefore(before: Date): Promise<number> {
    const em = this.em.fork();
    let forgotten = 0;
    // analytics_seen_events: the events counted one by one before batches had ids.
    for (const table of ['analytics_seen_batches', 'analytics_seen_events']) {
      forgotten += (
        await em.execute<Array<{ id: string }>>(`delete from ${table} where seen_at < ? returning id`, [before])
      ).length;
    }
    return forgotten;
  }
}
