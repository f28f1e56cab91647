import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { mikroOrmConfig } from '../src/database/mikro-orm.config.js';
import { ownDatabase } from './support/harness.js';

const MIGRATION = 'Migration20270117000000_premium_billing';

/*
 * Migration20270117000000_premium_billing on a database that already holds creators with more than one live
 * subscription (made before one live subscription per creator was enforced): it must not fail, and must not
 * hide them: all but the one the plan shows are marked superseded, for the billing sweep to cancel.
 */
describe('the premium billing migration over existing duplicates', () => {
  it('marks all but one live subscription per creator superseded, then enforces one live per creator; down() undoes it', async () => {
    const database = await ownDatabase('premium_migration');
    const orm = await MikroORM.init({ ...mikroOrmConfig(database.url, 1), logger: () => undefined });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await orm.getMigrator().down({ migrations: [MIGRATION] });
      const user = async (name: string) =>
        (
          await client.query<{ id: string }>(
            `insert into users (id, username, email, password_hash, display_name, created_at, updated_at)
             values (gen_random_uuid(), $1::text, $1::text || '@example.com', 'x', $1::text, now(), now()) returning id`,
            [name],
          )
        ).rows[0]!.id;
      const [ada, bob] = [await user('ada_mig'), await user('bob_mig')];
      const sub = (id: string, userId: string, status: string, age: string) =>
        client.query(`insert into subscriptions (id, user_id, status, created_at, updated_at) values ($1, $2, $3, now() - $4::interval, now())`, [id, userId, status, age]);
      // Ada: two active (the older one and a newer one) and a newer incomplete one; an ended one. Bob: one active.
      await sub('sub_a_old', ada, 'active', '40 days');
      await sub('sub_a_new', ada, 'active', '10 days');
      await sub('sub_a_incomplete', ada, 'incomplete', '1 hour');
      await sub('sub_a_ended', ada, 'canceled', '90 days');
      await sub('sub_b', bob, 'active', '5 days');

      await orm.getMigrator().up({ migrations: [MIGRATION] });

      const rows = await client.query<{ id: string; superseded: boolean }>('select id, superseded_at is not null as superseded from subscriptions order by id');
      expect(rows.rows).toEqual([
        { id: 'sub_a_ended', superseded: false },
        { id: 'sub_a_incomplete', superseded: true },
        { id: 'sub_a_new', superseded: false },
        { id: 'sub_a_old', superseded: true },
        { id: 'sub_b', superseded: false },
      ]);
      await expect(sub('sub_a_another', ada, 'active', '1 minute')).rejects.toThrow(/subscriptions_one_live_per_user/);

      await orm.getMigrator().down({ migrations: [MIGRATION] });
      const columns = await client.query("select 1 from information_schema.columns where table_name = 'subscriptions' and column_name = 'superseded_at'");
      expect(columns.rows).toHaveLength(0);
      await orm.getMigrator().up({ migrations: [MIGRATION] });
    } finally {
      await client.end();
      await orm.close(true);
      await database.drop();
    }
  });
});
