import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { mikroOrmConfig } from '../src/database/mikro-orm.config.js';
import { PostgresSlotHoldStore } from '../src/modules/scheduling/infrastructure/postgres-slot-hold.store.js';
import { describeSlotHoldStoreContract } from '../src/modules/scheduling/testing/slot-hold-store.contract.js';
import { ownDatabase } from './support/harness.js';

/** The slot hold contract against PostgreSQL (the exclusion constraint, lazy release, the savepoint of a late keep). */
let database: Awaited<ReturnType<typeof ownDatabase>>;
let orm: MikroORM;
let pool: pg.Pool;

beforeAll(async () => {
  database = await ownDatabase('slot_holds');
  orm = await MikroORM.init({ ...mikroOrmConfig(database.url, 2), logger: () => undefined });
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await orm?.close(true);
  await database?.drop();
});

async function newCreator(): Promise<string> {
  const id = randomUUID();
  const name = `h${id.slice(0, 12)}`;
  await pool.query(
    `insert into users (id, email, password_hash, username, display_name, created_at, updated_at)
     values ($1, $2, 'x', $3, $3, now(), now())`,
    [id, `${name}@example.com`, name],
  );
  return id;
}

describeSlotHoldStoreContract('PostgreSQL', async () => ({
  creators: [await newCreator(), await newCreator()],
  inTransaction: (work) => orm.em.fork().transactional((em) => work(new PostgresSlotHoldStore(em))),
  newId: randomUUID,
}));
