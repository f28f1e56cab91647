import { Inject, Injectable } from '@nestjs/common';
import { countsAsLink } from '@linkbio/shared-contracts';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { rowAsEntity } from '../../../shared/infrastructure/row-as-entity.js';
import { GroupedReads } from '../../../shared/grouped-reads.js';
import { isId, type Id } from '../../../shared/ids.js';
import { LinkRepository } from '../application/ports/link.repository.js';
import { Link } from '../domain/link.js';

/** The creators' lists, each in its order (newest first on equal order, then by id), read without the ORM. */
const LIST_SQL = `
  select id, owner_id as "ownerId", kind, title, url, is_active as "isActive", position as "order",
         starts_at as "startsAt", ends_at as "endsAt", created_at as "createdAt", updated_at as "updatedAt",
         thumbnail
    from links where owner_id = any($1::uuid[])
   order by owner_id, position, created_at desc, id`;

@Injectable()
export class MikroOrmLinkRepository extends LinkRepository {
  constructor(
    private readonly em: EntityManager,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {
    super();
  }

  findOwned(ownerId: Id, id: Id): Promise<Link | null> {
    return this.em.findOne(Link, { id, ownerId });
  }

  /**
   * The dashboard's list on every read of it: a plain prepared statement, no unit of work to hydrate into; the
   * lists asked for at once are read in one query (GroupedReads), each read getting links of its own.
   */
  async listForOwner(ownerId: Id): Promise<Link[]> {
    if (!isId(ownerId)) return [];
    return ((await this.lists.read(ownerId.toLowerCase())) ?? []).map((row) => rowAsEntity(Link, row));
  }

  private readonly lists = new GroupedReads<Id, Link[]>(async (ownerIds) => {
    const { rows } = await this.pool.query<Link>({ name: 'owner-links', text: LIST_SQL, values: [ownerIds] });
    const lists = new Map<Id, Link[]>();
    for (const row of rows) {
      const list = lists.get(row.ownerId);
      if (list) list.push(row);
      else lists.set(row.ownerId, [row]);
    }
    return lists;
  });

  addWithinLimit(link: Link, limit: number | null): Promise<boolean> {
    return this.em.transactional(async (em) => {
      await lockOwner(em, link.ownerId);
      const counted = limit !== null && countsAsLink(link.kind);
      if (counted && (await em.count(Link, { ownerId: link.ownerId, kind: { $ne: 'header' } })) >= limit) return false;
      em.persist(link);
      return true;
    });
  }

  addAllWithinLimit(ownerId: Id, links: Link[], limit: number | null): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      await lockOwner(em, ownerId);
      const [row] = await em.execute<Array<{ count: string; last: number | null }>>(
        "select count(*) filter (where kind <> 'header') as count, max(position) as last from links where owner_id = ?",
        [ownerId],
      );
      const adding = links.filter((link) => countsAsLink(link.kind)).length;
      if (limit !== null && Number(row?.count ?? 0) + adding > limit) return false;
      const after = row?.last ?? -1;
      links.forEach((link, index) => {
        if (link.ownerId !== ownerId) throw new Error('Every link added together must belong to the one owner');
        link.order = after + 1 + index;
        em.persist(link);
      });
      return true;
    });
  }

  async save(link: Link): Promise<void> {
    await this.em.persistAndFlush(link);
  }

  changeOwned(ownerId: Id, id: Id, change: (link: Link) => void): Promise<Link | null> {
    // A fork of its own: a change that throws leaves its half-changed entity there, never in a context a
    // later flush would write.
    return this.em.fork().transactional(async (em) => {
      const link = await em.findOne(Link, { id, ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!link) return null;
      change(link);
      return link;
    });
  }

  async remove(link: Link): Promise<void> {
    await this.em.removeAndFlush(link);
  }

  reorder(ownerId: Id, ids: Id[], now: Date): Promise<boolean> {
    return this.em.transactional(async (em) => {
      await lockOwner(em, ownerId);
      const rows = await em.execute<Array<{ id: string }>>('select id from links where owner_id = ?', [ownerId]);
      const owned = new Set(rows.map((row) => row.id));
      const exact = owned.size === ids.length && new Set(ids).size === ids.length && ids.every((id) => owned.has(id));
      if (!exact) return false;
      // One array parameter, written as a Postgres array literal: a JS array would be expanded into a list.
      await em.execute(
        `update links as l set position = o.ord - 1, updated_at = ?
           from unnest(?::uuid[]) with ordinality as o(id, ord)
          where l.id = o.id and l.owner_id = ?`,
        [now, `{${ids.join(',')}}`, ownerId],
      );
      return true;
    });
  }
}

/** Serialises writes that depend on a count of the owner's links. */
async function lockOwner(em: EntityManager, ownerId: Id): Promise<void> {
  await em.execute('select id from users where id = ? for update', [ownerId]);
}
