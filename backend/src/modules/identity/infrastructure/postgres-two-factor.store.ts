import type pg from 'pg';
import { SecretSealer } from '../../../shared/crypto/secret-sealer.js';
import type { Id } from '../../../shared/ids.js';
import { TwoFactorStore } from '../application/ports/two-factor.store.js';
import type { TwoFactorState } from '../domain/two-factor.js';

/**
 * Two-factor state in PostgreSQL. The secret is kept encrypted (AES-256-GCM, with a key derived from the
 * product's secret), so a copy of the database alone does not give anyone the codes. While SESSION_SECRET is
 * rotated (a list, newest first) the newest key seals and each opens; a secret opened with an older key is
 * sealed again with the newest when read, and `resealAll` does so for every account at once.
 */
export class PostgresTwoFactorStore extends TwoFactorStore {
  private readonly sealer: SecretSealer;

  constructor(
    private readonly pool: pg.Pool,
    productSecrets: string | readonly string[],
  ) {
    super();
    this.sealer = new SecretSealer(productSecrets, 'two-factor secret');
  }

  /**
   * Seals with the newest key every secret sealed with an older one: how many were, and how many no key
   * opens (sealed under a secret no longer listed; those accounts must set two-factor up again).
   */
  async resealAll(): Promise<{ resealed: number; unreadable: number }> {
    const { rows } = await this.pool.query<{ user_id: Id; secret: string }>('select user_id, secret from two_factor');
    const counts = { resealed: 0, unreadable: 0 };
    for (const row of rows) {
      if (this.keyIndexOf(row.secret) < 0) counts.unreadable += 1;
      else if (await this.resealIfStale(row.user_id, row.secret)) counts.resealed += 1;
    }
    return counts;
  }

  async state(userId: Id): Promise<TwoFactorState | null> {
    const { rows } = await this.pool.query<{ secret: string; enabled: boolean; left: number }>(
      `select secret, enabled_at is not null as enabled,
              (select count(*)::int from recovery_codes r where r.user_id = t.user_id and r.used_at is null) as left
         from two_factor t where user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    await this.resealIfStale(userId, row.secret);
    return { secret: this.open(row.secret), enabled: row.enabled, recoveryCodesLeft: row.left };
  }

  async startSetup(userId: Id, secret: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `insert into two_factor (user_id, secret, created_at) values ($1, $2, $3)
       on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at, last_step = 0
       where two_factor.enabled_at is null`,
      [userId, this.seal(secret), now],
    );
    return rowCount === 1;
  }

  async enable(userId: Id, secret: string, step: number, recoveryCodeHashes: string[], now: Date): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ secret: string }>(
        'select secret from two_factor where user_id = $1 and enabled_at is null for update',
        [userId],
      );
      if (!rows[0] || this.open(rows[0].secret) !== secret) {
        await client.query('rollback');
        return false;
      }
      await client.query('update two_factor set enabled_at = $2, last_step = $3 where user_id = $1', [userId, now, step]);
      await client.query('delete from recovery_codes where user_id = $1', [userId]);
      await client.query('insert into recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [userId, recoveryCodeHashes]);
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async useStep(userId: Id, step: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'update two_factor set last_step = $2 where user_id = $1 and enabled_at is not null and last_step < $2',
      [userId, step],
    );
    return rowCount === 1;
  }

  async useRecoveryCode(userId: Id, hash: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'update recovery_codes set used_at = $3 where user_id = $1 and code_hash = $2 and used_at is null',
      [userId, hash, now],
    );
    return rowCount === 1;
  }

  async disable(userId: Id): Promise<void> {
    await this.pool.query('delete from recovery_codes where user_id = $1', [userId]);
    await this.pool.query('delete from two_factor where user_id = $1', [userId]);
  }

  /** True when `stored` was sealed with an older key: it is sealed anew, unless it changed meanwhile. */
  private async resealIfStale(userId: Id, stored: string): Promise<boolean> {
    if (this.keyIndexOf(stored) <= 0) return false;
    const { rowCount } = await this.pool.query('update two_factor set secret = $2 where user_id = $1 and secret = $3', [
      userId,
      this.seal(this.open(stored)),
      stored,
    ]);
    return rowCount === 1;
  }

  private seal(secret: string): string {
    return this.sealer.seal(secret);
  }

  private open(stored: string): string {
    const opened = this.sealer.open(stored);
    if (opened === null) throw new Error('A two-factor secret is sealed with a key no secret in SESSION_SECRET gives');
    return opened;
  }

  private keyIndexOf(stored: string): number {
    return this.sealer.keyIndexOf(stored);
  }
}
