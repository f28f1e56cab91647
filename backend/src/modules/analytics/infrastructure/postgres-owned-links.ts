import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { OwnedLinks } from '../application/ports/owned-links.js';

/** The creator's links read straight from the links table (their ids, titles and switches only). */
@Injectable()
export class PostgresOwnedLinks extends OwnedLinks {
  constructor(private readonly em: EntityManager) {
    super();
  }

  listForOwner(ownerId: Id): Promise<Array<{ id: Id; title: string }>> {
    return this.em.execute<Array<{ id: Id; title: string }>>(
      'select id, title from links where owner_id = ? order by position, created_at desc, id',
      [ownerId],
    );
  }

  async countActive(ownerId: Id): Promise<number> {
    const [row] = await this.em.execute<Array<{ count: number }>>(
      'select count(*)::int as count from links where owner_id = ? and is_active',
      [ownerId],
    );
    return row?.count ?? 0;
  }
}
