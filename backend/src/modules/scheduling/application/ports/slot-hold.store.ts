import type { Id } from '../../../../shared/ids.js';
import type { Busy } from '../../domain/slots.js';

export interface SlotHold {
  /** The booking's id. */
  id: Id;
  creatorId: Id;
  start: Date;
  end: Date;
  /** end + the creator's buffer at booking time: what no other hold or booked session may overlap. */
  blockedUntil: Date;
  /** Who holds it (the visitor's client address), for the limit of live holds per visitor. */
  holder: string;
  expiresAt: Date;
}

/**
 * Held and booked slots. No two held or booked slots of one creator overlap: the store enforces it itself
 * (PostgreSQL: an exclusion constraint), so concurrent takers of one time cannot both win. A held slot past
 * its expiry blocks nothing. Calls join the current transaction.
 */
export abstract class SlotHoldStore {
  /** Live holds (held, not expired) of this holder; serialises callers of the same holder until the transaction ends. */
  abstract countLive(holder: string, now: Date): Promise<number>;
  /** Takes the slot as held; false when another held or booked slot overlaps it (the transaction must then end). */
  abstract take(hold: SlotHold, now: Date): Promise<boolean>;
  /**
   * held → booked, when the booking's payment has arrived: 'kept' when the slot is the booking's (still held,
   * or expired but still free and taken again), 'taken' when someone else has it now, 'none' when no slot was held.
   */
  abstract keep(id: Id, now: Date): Promise<'kept' | 'taken' | 'none'>;
  /** Frees a held slot at once (its payment could not even start). */
  abstract release(id: Id): Promise<void>;
  /**
   * A booked slot moved in place to another time (its visitor rescheduled): false when it is not booked or
   * another held or booked slot overlaps the new time (expired holds there are released first).
   */
  abstract move(id: Id, slot: { start: Date; end: Date; blockedUntil: Date }, now: Date): Promise<boolean>;
  /** Frees a held or booked slot (its booking was cancelled): the time can be booked again. */
  abstract cancel(id: Id): Promise<void>;
  /** Marks held slots past their expiry released; returns how many. */
  abstract releaseExpired(now: Date): Promise<number>;
  /** Booked slots and live holds of the creator that meet [from, to). */
  abstract busy(creatorId: Id, from: Date, to: Date, now: Date): Promise<Busy[]>;
}
