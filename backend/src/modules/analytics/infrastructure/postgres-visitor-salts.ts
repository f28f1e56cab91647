import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { VisitorSalts } from '../application/ports/visitor-salts.js';

/** Days whose salts are kept in memory: today's and, around midnight, the one before. */
const DAYS_KEPT = 2;

/**
 * The salts in analytics_salts, shared by every API process: the first to ask for a day inserts a random salt
 * (if none is there yet) and everyone reads the one that won. Kept in memory until the UTC day changes; a salt
 * that could not be read is asked for again next time.
 */
@Injectable()
export class PostgresVisitorSalts extends VisitorSalts {
  private readonly known = new Map<string, Buffer>();
  private readonly asking = new Map<string, Promise<Buffer>>();

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {
    super();
  }

  saltOf(day: string): Buffer | Promise<Buffer> {
    const salt = this.known.get(day);
    if (salt) return salt;
    let asking = this.asking.get(day);
    if (!asking) {
      asking = this.read(day).finally(() => this.asking.delete(day));
      this.asking.set(day, asking);
    }
    return asking;
  }

  async forgetBefore(day: string): Promise<number> {
    const { rowCount } = await this.pool.query('delete from analytics_salts where day < $1::date', [day]);
    for (const known of this.known.keys()) if (known < day) this.known.delete(known);
    return rowCount ?? 0;
  }

  private async read(day: string): Promise<Buffer> {
    const { rows } = await this.pool.query<{ salt: Buffer }>(
      `with made as (insert into analytics_salts (day, salt) values ($1::date, $2) on conflict (day) do nothing returning salt)
       select salt from made union all select salt from analytics_salts where day = $1::date limit 1`,
      [day, randomBytes(32)],
    );
    // A process that made the day's salt at the same moment: its row is committed now, though not in this statement's view.
    const salt =
      rows[0]?.salt ??
      (await this.pool.query<{ salt: Buffer }>('select salt from analytics_salts where day = $1::date', [day])).rows[0]
        ?.salt;
    if (!salt) throw new Error(`No visitor salt for ${day}`);
    this.known.set(day, salt);
    for (const known of [...this.known.keys()].sort().slice(0, -DAYS_KEPT)) this.known.delete(known);
    return salt;
  }
}
