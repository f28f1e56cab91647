import type { EntityManager } from '@mikro-orm/postgresql';
import { migrationsList } from '../../database/mikro-orm.config.js';

/**
 * The migrations this build ships that the database has not applied (in their order); empty when it is
 * current. Migrations the database has beyond these (a newer build's, during a rollout) are not counted.
 */
export async function pendingMigrations(em: EntityManager): Promise<string[]> {
  const applied = new Set(
    (await em.getConnection().execute<Array<{ name: string }>>('select name from mikro_orm_migrations')).map(
      (row) => row.name,
    ),
  );
  return migrationsList.map((migration) => migration.name).filter((name) => !applied.has(name));
}
