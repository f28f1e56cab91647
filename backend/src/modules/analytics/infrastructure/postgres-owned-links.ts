import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Id } from '../../../shared/ids.js';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { OwnedLinks } from '../application/ports/owned-links.js';

/** The creator's links read straight from the links table (their ids, titles and switches only). */
@Injectable()
export class PostgresOwnedLinks extends OwnedLinks {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async listForOwner(ownerId: Id): Promise<Array<{ id: Id; title: string }>> {
    const { rows } = await this.pool.query<{ id: Id; title: string }>({
      name: 'owned-links',
      text: "select id, title from links where owner_id = $1 and kind <> 'header' order by position, created_at desc, id",
      values: [ownerId],
    });
    return rows;
  }

  async countActive(ownerId: Id): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>({
      name: 'owned-links-active',
      text: "select count(*)::int as count from links where owner_id = $1 and is_active and kind <> 'header'",
      values: [ownerId],
    });
    return rows[0]?.count ?? 0;
  }
}
