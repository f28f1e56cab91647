import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import type { Busy } from '../domain/slots.js';
import { SlotHoldStore, type SlotHold } from '../application/ports/slot-hold.store.js';

/** PostgreSQL's exclusion_violation: the slot_holds_no_overlap constraint refused a second hold of one time. */
const EXCLUSION_VIOLATION = '23P01';

const isExclusionViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === EXCLUSION_VIOLATION;

/**
 * slot_holds, guarded by the exclusion constraint slot_holds_no_overlap (btree_gist: one creator, overlapping
 * [slot_start, blocked_until), status held or booked). A hold past its expiry is released in the same
 * transaction before a new hold that overlaps it is inserted, so it never blocks; a concurrent insert of the
 * same time waits on the first one's transaction and then fails with exclusion_violation. A hold keeps its
 * holder's address only while it is held (for the limit of live holds per visitor).
 */
@Injectable()
export class PostgresSlotHoldStore extends SlotHoldStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  async countLive(holder: string, now: Date): Promise<number> {
    await this.run("select pg_advisory_xact_lock(hashtext('slot-holder:' || ?))", [holder]);
    const [row] = await this.run<{ n: number }>(
      "select count(*)::int as n from slot_holds where holder = ? and status = 'held' and expires_at > ?",
      [holder, now],
    );
    return row?.n ?? 0;
  }

  private releaseExpiredOverlapping(creatorId: Id, start: Date, blockedUntil: Date, now: Date, except: Id): Promise<unknown> {
    return this.run(
      `update slot_holds set status = 'released', holder = ''
        where creator_id = ? and status = 'held' and expires_at <= ? and id <> ?
          and tstzrange(slot_start, blocked_until) && tstzrange(?, ?)`,
      [creatorId, now, except, start, blockedUntil],
    );
  }

  async take(hold: SlotHold, now: Date): Promise<boolean> {
    await this.releaseExpiredOverlapping(hold.creatorId, hold.start, hold.blockedUntil, now, hold.id);
    try {
      await this.run(
        `insert into slot_holds (id, creator_id, slot_start, slot_end, blocked_until, status, holder, expires_at, created_at)
         values (?, ?, ?, ?, ?, 'held', ?, ?, ?)`,
        [hold.id, hold.creatorId, hold.start, hold.end, hold.blockedUntil, hold.holder, hold.expiresAt, now],
      );
      return true;
    } catch (error) {
      if (isExclusionViolation(error)) return false;
      throw error;
    }
  }

  async keep(id: Id, now: Date): Promise<'kept' | 'taken' | 'none'> {
    const [hold] = await this.run<{ creator_id: string; slot_start: Date; blocked_until: Date; status: string; expires_at: Date }>(
      'select creator_id, slot_start, blocked_until, status, expires_at from slot_holds where id = ? for update',
      [id],
    );
    if (!hold) return 'none';
    if (hold.status === 'booked') return 'kept';
    if (hold.status === 'held' && new Date(hold.expires_at) > now) {
      await this.run("update slot_holds set status = 'booked', holder = '' where id = ?", [id]);
      return 'kept';
    }
    // Paid after its hold ran out: the time is the booking's again if nobody has taken it meanwhile. A savepoint
    // keeps the caller's transaction usable when the constraint says somebody has.
    await this.releaseExpiredOverlapping(hold.creator_id, new Date(hold.slot_start), new Date(hold.blocked_until), now, id);
    await this.run('savepoint slot_keep');
    try {
      await this.run("update slot_holds set status = 'booked', holder = '' where id = ?", [id]);
      await this.run('release savepoint slot_keep');
      return 'kept';
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
      await this.run('rollback to savepoint slot_keep');
      await this.run("update slot_holds set status = 'released', holder = '' where id = ?", [id]);
      return 'taken';
    }
  }

  async move(id: Id, slot: { start: Date; end: Date; blockedUntil: Date }, now: Date): Promise<boolean> {
    const [hold] = await this.run<{ creator_id: string }>("select creator_id from slot_holds where id = ? and status = 'booked' for update", [id]);
    if (!hold) return false;
    await this.releaseExpiredOverlapping(hold.creator_id, slot.start, slot.blockedUntil, now, id);
    // A savepoint keeps the caller's transaction usable when the constraint says the new time is taken.
    await this.run('savepoint slot_move');
    try {
      await this.run('update slot_holds set slot_start = ?, slot_end = ?, blocked_until = ? where id = ?', [slot.start, slot.end, slot.blockedUntil, id]);
      await this.run('release savepoint slot_move');
      return true;
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
      await this.run('rollback to savepoint slot_move');
      return false;
    }
  }

  async release(id: Id): Promise<void> {
    await this.run("update slot_holds set status = 'released', holder = '' where id = ? and status = 'held'", [id]);
  }

  async cancel(id: Id): Promise<void> {
    await this.run("update slot_holds set status = 'released', holder = '' where id = ? and status in ('held', 'booked')", [id]);
  }

  async releaseExpired(now: Date): Promise<number> {
    const rows = await this.run("update slot_holds set status = 'released', holder = '' where status = 'held' and expires_at <= ? returning id", [now]);
    return rows.length;
  }

  async busy(creatorId: Id, from: Date, to: Date, now: Date): Promise<Busy[]> {
    const rows = await this.run<{ slot_start: Date; blocked_until: Date }>(
      `select slot_start, blocked_until from slot_holds
        where creator_id = ? and (status = 'booked' or (status = 'held' and expires_at > ?))
          and tstzrange(slot_start, blocked_until) && tstzrange(?, ?)`,
      [creatorId, now, from, to],
    );
    return rows.map((row) => ({ start: new Date(row.slot_start), blockedUntil: new Date(row.blocked_until) }));
  }
}
