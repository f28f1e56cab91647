import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import type { Id } from '../../../shared/ids.js';
import type { AccountSession } from '../application/ports/account-sessions.js';

interface Row {
  id: string;
  user_id: string;
  sid: string;
  user_agent: string | null;
  signed_in_at: Date;
  last_seen_at: Date;
}

const COLUMNS = 'id, user_id, sid, user_agent, signed_in_at, last_seen_at';
/** The most a list shows: far more devices than anyone signs in from within a month. */
const LISTED_AT_MOST = 50;

const toSession = (row: Row): AccountSession => ({
  id: row.id,
  userId: row.user_id,
  sid: row.sid,
  userAgent: row.user_agent,
  signedInAt: row.signed_in_at,
  lastSeenAt: row.last_seen_at,
});

/**
 * The account_sessions table: one row per signed-in session, by the session store's id. Plain prepared
 * statements on the pool; none of them runs on an ordinary signed-in request (see session-events.ts).
 */
@Injectable()
export class PostgresSessionRegistry {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async add(session: AccountSession): Promise<void> {
    await this.pool.query(
      `insert into account_sessions (${COLUMNS}) values ($1, $2, $3, $4, $5, $6)
       on conflict (sid) do update set user_id = excluded.user_id, user_agent = excluded.user_agent,
         signed_in_at = excluded.signed_in_at, last_seen_at = excluded.last_seen_at`,
      [session.id, session.userId, session.sid, session.userAgent, session.signedInAt, session.lastSeenAt],
    );
  }

  async findBySid(sid: string): Promise<AccountSession | null> {
    const { rows } = await this.pool.query<Row>({
      name: 'account-session-by-sid',
      text: `select ${COLUMNS} from account_sessions where sid = $1`,
      values: [sid],
    });
    return rows[0] ? toSession(rows[0]) : null;
  }

  async findOwned(userId: Id, id: Id): Promise<AccountSession | null> {
    const { rows } = await this.pool.query<Row>(
      `select ${COLUMNS} from account_sessions where id = $1 and user_id = $2`,
      [id, userId],
    );
    return rows[0] ? toSession(rows[0]) : null;
  }

  /** The account's sessions used since `since`, most recently used first. */
  async listForUser(userId: Id, since: Date): Promise<AccountSession[]> {
    const { rows } = await this.pool.query<Row>(
      `select ${COLUMNS} from account_sessions where user_id = $1 and last_seen_at >= $2
        order by last_seen_at desc, signed_in_at desc limit ${LISTED_AT_MOST}`,
      [userId, since],
    );
    return rows.map(toSession);
  }

  /** The store ids of every session of the account, however old. */
  async sidsOf(userId: Id): Promise<string[]> {
    const { rows } = await this.pool.query<{ sid: string }>('select sid from account_sessions where user_id = $1', [
      userId,
    ]);
    return rows.map((row) => row.sid);
  }

  /**
   * The store moved the expiry of a session signed in to `userId`: it was used at `at`. A session the table
   * does not know yet (signed in before the table existed) is listed from its first use on, as an unknown browser.
   */
  async seen(sid: string, at: Date, userId: Id): Promise<void> {
    await this.pool.query({
      name: 'account-session-seen',
      text: `insert into account_sessions (${COLUMNS}) values (gen_random_uuid(), $3, $1, null, $2, $2)
             on conflict (sid) do update set last_seen_at = excluded.last_seen_at
             where account_sessions.last_seen_at < excluded.last_seen_at`,
      values: [sid, at, userId],
    });
  }

  /** The session is gone from the store. */
  async forget(sid: string): Promise<void> {
    await this.pool.query({
      name: 'account-session-forget',
      text: 'delete from account_sessions where sid = $1',
      values: [sid],
    });
  }

  async forgetUnusedSince(before: Date): Promise<void> {
    await this.pool.query('delete from account_sessions where last_seen_at < $1', [before]);
  }
}
