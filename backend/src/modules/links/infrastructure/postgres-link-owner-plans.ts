import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { LinkOwnerPlans } from '../application/ports/link-owner-plans.js';

/**
 * Reads users.is_premium, the flag billing keeps on identity's row. Identity depends on this module (the
 * public profile lists links), so the flag is read here rather than through identity's services.
 */
@Injectable()
export class PostgresLinkOwnerPlans extends LinkOwnerPlans {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async isPremium(ownerId: Id): Promise<boolean> {
    const rows = await this.em.execute<Array<{ is_premium: boolean }>>('select is_premium from users where id = ?', [
      ownerId,
    ]);
    return rows[0]?.is_premium === true;
  }
}
