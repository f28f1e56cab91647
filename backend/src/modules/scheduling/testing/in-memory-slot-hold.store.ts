import type { Id } from '../../../shared/ids.js';
import type { Busy } from '../domain/slots.js';
import { SlotHoldStore, type SlotHold } from '../application/ports/slot-hold.store.js';

type Stored = SlotHold & { status: 'held' | 'booked' | 'released' };

const overlaps = (a: { start: Date; blockedUntil: Date }, b: { start: Date; blockedUntil: Date }) =>
  a.start.getTime() < b.blockedUntil.getTime() && b.start.getTime() < a.blockedUntil.getTime();

/** SlotHoldStore in memory, with the PostgreSQL store's rule: no two held or booked slots of a creator overlap. */
export class InMemorySlotHoldStore extends SlotHoldStore {
  readonly holds = new Map<Id, Stored>();

  statusOf(id: Id): Stored['status'] | undefined {
    return this.holds.get(id)?.status;
  }

  private blocking(range: SlotHold | Stored, except: Id): Stored[] {
    return [...this.holds.values()].filter(
      (h) => h.id !== except && h.creatorId === range.creatorId && (h.status === 'held' || h.status === 'booked') && overlaps(h, range),
    );
  }

  private releaseExpiredOverlapping(range: SlotHold | Stored, now: Date, except: Id): void {
    for (const hold of this.blocking(range, except)) {
      if (hold.status === 'held' && hold.expiresAt.getTime() <= now.getTime()) hold.status = 'released';
    }
  }

  async countLive(holder: string, now: Date): Promise<number> {
    return [...this.holds.values()].filter((h) => h.holder === holder && h.status === 'held' && h.expiresAt.getTime() > now.getTime()).length;
  }

  async take(hold: SlotHold, now: Date): Promise<boolean> {
    this.releaseExpiredOverlapping(hold, now, hold.id);
    if (this.blocking(hold, hold.id).length > 0) return false;
    this.holds.set(hold.id, { ...hold, status: 'held' });
    return true;
  }

  async keep(id: Id, now: Date): Promise<'kept' | 'taken' | 'none'> {
    const hold = this.holds.get(id);
    if (!hold) return 'none';
    if (hold.status === 'booked') return 'kept';
    if (hold.status === 'held' && hold.expiresAt.getTime() > now.getTime()) {
      hold.status = 'booked';
      return 'kept';
    }
    this.releaseExpiredOverlapping(hold, now, id);
    if (this.blocking(hold, id).length > 0) {
      hold.status = 'released';
      return 'taken';
    }
    hold.status = 'booked';
    return 'kept';
  }

  async move(id: Id, slot: { start: Date; end: Date; blockedUntil: Date }, now: Date): Promise<boolean> {
    const hold = this.holds.get(id);
    if (hold?.status !== 'booked') return false;
    const moved = { ...hold, ...slot };
    this.releaseExpiredOverlapping(moved, now, id);
    if (this.blocking(moved, id).length > 0) return false;
    Object.assign(hold, slot);
    return true;
  }

  async release(id: Id): Promise<void> {
    const hold = this.holds.get(id);
    if (hold?.status === 'held') hold.status = 'released';
  }

  async cancel(id: Id): Promise<void> {
    const hold = this.holds.get(id);
    if (hold && hold.status !== 'released') hold.status = 'released';
  }

  async releaseExpired(now: Date): Promise<number> {
    const expired = [...this.holds.values()].filter((h) => h.status === 'held' && h.expiresAt.getTime() <= now.getTime());
    for (const hold of expired) hold.status = 'released';
    return expired.length;
  }

  async busy(creatorId: Id, from: Date, to: Date, now: Date): Promise<Busy[]> {
    return [...this.holds.values()]
      .filter((h) => h.creatorId === creatorId && (h.status === 'booked' || (h.status === 'held' && h.expiresAt.getTime() > now.getTime())))
      .filter((h) => overlaps(h, { start: from, blockedUntil: to }))
      .map((h) => ({ start: new Date(h.start), blockedUntil: new Date(h.blockedUntil) }));
  }
}
