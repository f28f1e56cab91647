import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EmailConfirmations } from '../application/ports/email-confirmations.js';
import type { EmailConfirmation, EmailConfirmationPurpose } from '../domain/email-confirmation.js';

interface Row {
  user_id: string;
  purpose: EmailConfirmationPurpose;
  email: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

/** The email_confirmations table (one row per account and purpose), through the EntityManager so calls join its transaction. */
@Injectable()
export class PostgresEmailConfirmations extends EmailConfirmations {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async replace(c: EmailConfirmation): Promise<void> {
    await this.em.execute(
      `insert into email_confirmations (user_id, purpose, email, token_hash, created_at, expires_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (user_id, purpose) do update set email = excluded.email, token_hash = excluded.token_hash,
         created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [c.userId, c.purpose, c.email, c.tokenHash, c.createdAt, c.expiresAt],
    );
  }

  async take(tokenHash: string, now: Date): Promise<EmailConfirmation | null> {
    const [row] = await this.em.execute<Row[]>(
      'delete from email_confirmations where token_hash = ? and expires_at > ? returning *',
      [tokenHash, now],
    );
    return row
      ? {
          userId: row.user_id,
          purpose: row.purpose,
          email: row.email,
          tokenHash: row.token_hash,
          createdAt: new Date(row.created_at),
          expiresAt: new Date(row.expires_at),
        }
      : null;
  }
}
