import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { UsernameHold } from '../domain/username-hold.js';

/*
 * The username_holds table (Migration20270105000000_username_holds), read and written inside the
 * transactions of MikroOrmUserRepository that claim or give up a name.
 */

interface HoldRow {
  username: string;
  user_id: string;
  held_until: Date;
}

const HOLD_SQL = 'select username, user_id, held_until from username_holds where username = ?';

/** A statement with real bind parameters (`?`), in the transaction `em` runs in. */
async function run<T>(em: EntityManager, sql: string, bindings: readonly unknown[]): Promise<T[]> {
  const query = em.getKnex().raw(sql, bindings as never);
  const transaction = em.getTransactionContext();
  if (transaction) void query.transacting(transaction);
  const result = (await query) as { rows: T[] };
  return result.rows;
}

const toHold = (row: HoldRow | undefined): UsernameHold | null =>
  row ? { username: row.username, userId: row.user_id, heldUntil: new Date(row.held_until) } : null;

/**
 * Takes the transaction's lock on each name (lowercase), in the order of their hashes so that two
 * transactions locking overlapping names never wait for each other in a circle. Held until commit or rollback.
 */
export async function lockNames(em: EntityManager, names: readonly string[]): Promise<void> {
  const distinct = [...new Set(names)];
  await run(
    em,
    `select pg_advisory_xact_lock(h)
       from (select distinct hashtext(n) as h from unnest(array[${distinct.map(() => '?').join(', ')}]::text[]) as n order by h) as hashes`,
    distinct,
  );
}

/** The hold on the name, ended or not, as the transaction sees it. */
export async function holdIn(em: EntityManager, name: string): Promise<UsernameHold | null> {
  const rows = await run<HoldRow>(em, HOLD_SQL, [name]);
  return toHold(rows[0]);
}

/** The hold on the name, outside any transaction. */
export async function holdOf(pool: pg.Pool, name: string): Promise<UsernameHold | null> {
  const { rows } = await pool.query<HoldRow>({ name: 'username-hold', text: HOLD_SQL.replace('?', '$1'), values: [name] });
  return toHold(rows[0]);
}

/** Whether an account other than `userId` (null: any account) has the name (lowercase). */
export async function nameTakenIn(em: EntityManager, name: string, userId: string | null): Promise<boolean> {
  const rows = await run(em, 'select 1 from users where lower(username) = ? and id is distinct from ?', [name, userId]);
  return rows.length > 0;
}

/**
 * Drops a hold on the name that ended by `now` both on this process's clock and on the database's (so that the
 * database's trigger, which moves the owner's page version only for a hold dropped while it still held, agrees).
 */
export async function dropEndedHold(em: EntityManager, name: string, now: Date): Promise<void> {
  await run(em, 'delete from username_holds where username = ? and held_until <= least(?::timestamptz, now())', [name, now]);
}

/** Drops any hold on the name: the name is being claimed by the account the rules let have it. */
export async function dropHold(em: EntityManager, name: string): Promise<void> {
  await run(em, 'delete from username_holds where username = ?', [name]);
}

/** Stores a hold, replacing one left on the same name. */
export async function putHold(em: EntityManager, hold: UsernameHold): Promise<void> {
  await run(
    em,
    `insert into username_holds (username, user_id, held_until) values (?, ?, ?)
       on conflict (username) do update set user_id = excluded.user_id, held_until = excluded.held_until, created_at = now()`,
    [hold.username, hold.userId, hold.heldUntil],
  );
}
