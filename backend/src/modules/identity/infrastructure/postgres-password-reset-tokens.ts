import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { PasswordResetTokens, type PasswordResetToken } from '../application/ports/password-reset-tokens.js';

interface Row {
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

/** The password_reset_tokens table (one row per account), through the EntityManager so calls join its transaction. */
@Injectable()
export class PostgresPasswordResetTokens extends PasswordResetTokens {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async replace(token: PasswordResetToken): Promise<void> {
    await this.em.execute(
      `insert into password_reset_tokens (user_id, token_hash, created_at, expires_at) values (?, ?, ?, ?)
       on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at,
         expires_at = excluded.expires_at`,
      [token.userId, token.tokenHash, token.createdAt, token.expiresAt],
    );
  }

  async findValid(tokenHash: string, now: Date): Promise<PasswordResetToken | null> {
    const rows = await this.em.execute<Row[]>(
      'select user_id, token_hash, created_at, expires_at from password_reset_tokens where token_hash = ? and expires_at > ?',
      [tokenHash, now],
    );
    const row = rows[0];
    return row
      ? {
          userId: row.user_id,
          tokenHash: row.token_hash,
          createdAt: new Date(row.created_at),
          expiresAt: new Date(row.expires_at),
        }
      : null;
  }

  async take(tokenHash: string, now: Date): Promise<Id | null> {
    const rows = await this.em.execute<Array<{ user_id: string }>>(
      'delete from password_reset_tokens where token_hash = ? and expires_at > ? returning user_id',
      [tokenHash, now],
    );
    return rows[0]?.user_id ?? null;
  }

  async removeFor(userId: Id): Promise<void> {
    await this.em.execute('delete from password_reset_tokens where user_id = ?', [userId]);
  }
}
