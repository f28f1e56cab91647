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
    const row = rows[0];
    return row
      ? { key: row.key, userId: row.user_id, expiresAt: row.expires_at, uploadedAt: row.uploaded_at, consumedAt: row.consumed_at }
      : null;
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
}
