import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { UploadGrants, type UploadGrant } from '../application/ports/upload-grants.js';

interface Row {
  key: string;
  user_id: string;
  expires_at: Date;
  uploaded_at: Date | null;
  consumed_at: Date | null;
}

const toGrant = (row: Row): UploadGrant => ({
  key: row.key,
  userId: row.user_id,
  expiresAt: row.expires_at,
  uploadedAt: row.uploaded_at,
  consumedAt: row.consumed_at,
});

/** Upload grants in the `upload_grants` table; each state change is one conditional update (no races). */
@Injectable()
export class PgUploadGrants extends UploadGrants {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async issue(grant: { key: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await this.pool.query('insert into upload_grants (key, user_id, expires_at, created_at) values ($1, $2, $3, $4)', [
      grant.key,
      grant.userId,
      grant.expiresAt,
      grant.createdAt,
    ]);
  }

  async find(key: string): Promise<UploadGrant | null> {
    const { rows } = await this.pool.query<Row>(
      'select key, user_id, expires_at, uploaded_at, consumed_at from upload_grants where key = $1',
      [key],
    );
    return rows[0] ? toGrant(rows[0]) : null;
  }

  async markUploaded(key: string, now: Date): Promise<boolean> {
    const result = await this.pool.query(
      'update upload_grants set uploaded_at = $2 where key = $1 and uploaded_at is null and expires_at > $2',
      [key, now],
    );
    return result.rowCount === 1;
  }

  async markConsumed(key: string, now: Date): Promise<boolean> {
    const result = await this.pool.query('update upload_grants set consumed_at = $2 where key = $1 and consumed_at is null', [
      key,
      now,
    ]);
    return result.rowCount === 1;
  }

  /**
   * FOR UPDATE SKIP LOCKED: concurrent sweeps each take grants no other holds, and a late markConsumed waits
   * for the commit, then finds no row. The oldest first, on the index upload_grants_expires_at.
   */
  async sweepExpired(before: Date, limit: number, work: (grants: UploadGrant[]) => Promise<string[]>): Promise<number> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const { rows } = await client.query<Row>(
        `select key, user_id, expires_at, uploaded_at, consumed_at from upload_grants
          where expires_at < $1 order by expires_at limit $2 for update skip locked`,
        [before, limit],
      );
      const done = rows.length > 0 ? await work(rows.map(toGrant)) : [];
      if (done.length > 0) await client.query('delete from upload_grants where key = any($1::varchar[])', [done]);
      await client.query('commit');
      return rows.length;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
