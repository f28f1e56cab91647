import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { mikroOrmConfig } from '../src/database/mikro-orm.config.js';
import { User } from '../src/modules/identity/domain/user.js';
import { MikroOrmUserRepository } from '../src/modules/identity/infrastructure/mikro-orm-user.repository.js';
import { describeUserRepositoryContract, newUser } from '../src/modules/identity/testing/user-repository.contract.js';
import { describeUsernameHoldsContract } from '../src/modules/identity/testing/username-holds.contract.js';
import { MikroOrmLinkRepository } from '../src/modules/links/infrastructure/mikro-orm-link.repository.js';
import { describeLinkRepositoryContract } from '../src/modules/links/testing/link-repository.contract.js';
import { PostgresSessionTypeRepository } from '../src/modules/session-types/infrastructure/postgres-session-type.repository.js';
import { describeSessionTypeRepositoryContract } from '../src/modules/session-types/testing/session-type-repository.contract.js';
import type { Id } from '../src/shared/ids.js';
import { testDatabaseUrl } from './support/harness.js';

/**
 * The repository contracts against PostgreSQL. They run on a migrated database of their own next to the
 * run's database, so the rows they write never show up in another spec's fingerprint of the tables.
 */
let orm: MikroORM;
let pool: pg.Pool;
const runUrl = testDatabaseUrl();
const databaseName = `${new URL(runUrl).pathname.slice(1)}_repositories`;

async function onRunDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: runUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await onRunDatabase(`create database ${databaseName}`);
  const url = new URL(runUrl);
  url.pathname = `/${databaseName}`;
  orm = await MikroORM.init(mikroOrmConfig(url.toString(), 4));
  await orm.getMigrator().up();
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await orm?.close(true);
  await onRunDatabase(`drop database if exists ${databaseName} with (force)`);
});

describeUserRepositoryContract('MikroORM on PostgreSQL', async () => ({
  users: new MikroOrmUserRepository(orm.em.fork(), pool),
  reopen: () => new MikroOrmUserRepository(orm.em.fork(), pool),
  cleanup: async () => {},
}));

describeUsernameHoldsContract('MikroORM on PostgreSQL', async () => ({
  users: new MikroOrmUserRepository(orm.em.fork(), pool),
  reopen: () => new MikroOrmUserRepository(orm.em.fork(), pool),
  cleanup: async () => {},
}));

describeLinkRepositoryContract('MikroORM on PostgreSQL', async () => {
  const owners: Id[] = [];
  return {
    links: new MikroOrmLinkRepository(orm.em.fork(), pool),
    reopen: () => new MikroOrmLinkRepository(orm.em.fork(), pool),
    newOwner: async () => {
      const owner = newUser();
      await new MikroOrmUserRepository(orm.em.fork(), pool).add(owner);
      owners.push(owner.id);
      return owner.id;
    },
    // Deleting the owners deletes their links too (on delete cascade).
    cleanup: async () => {
      await orm.em.fork().nativeDelete(User, { id: { $in: owners } });
    },
  };
});

describeSessionTypeRepositoryContract('PostgreSQL', async () => {
  const creators: Id[] = [];
  return {
    types: new PostgresSessionTypeRepository(orm.em.fork()),
    newCreator: async (implicit) => {
      const creator = newUser();
      await new MikroOrmUserRepository(orm.em.fork(), pool).add(creator);
      creators.push(creator.id);
      if (implicit) {
        await pool.query('update users set booking_price = $2 where id = $1', [creator.id, implicit.priceCents]);
        await pool.query(
          `insert into availability (creator_id, time_zone, session_minutes, buffer_minutes, min_notice_hours, horizon_days, cancellation_hours, updated_at)
           values ($1, 'UTC', $2, 0, 0, 30, 24, now())`,
          [creator.id, implicit.minutes],
        );
      }
      return creator.id;
    },
    // Deleting the creators deletes their types and availability too (on delete cascade).
    cleanup: async () => {
      await orm.em.fork().nativeDelete(User, { id: { $in: creators } });
    },
  };
});
