import type { Id } from '../../../../shared/ids.js';
import type { ImplicitSessionType, SessionType } from '../../domain/session-type.js';

/** What removing a type came to. */
export type RemoveOutcome = 'removed' | 'missing' | 'only-type';

/**
 * The creators' session types (the session_types table). Every write that depends on how many types a creator
 * has, or on their order, holds that creator's lock, so concurrent requests cannot pass the limit or store the
 * implicit type twice.
 */
export abstract class SessionTypeRepository {
  /** The creator's types in their order. */
  abstract listOwned(creatorId: Id): Promise<SessionType[]>;
  abstract findOwned(creatorId: Id, id: Id): Promise<SessionType | null>;
  /**
   * When the creator has no type stored and has a booking price, stores their implicit type (`make` builds it
   * from that price and their session length) as their first; nothing otherwise. Safe to call concurrently.
   */
  abstract storeImplicit(creatorId: Id, make: (implicit: ImplicitSessionType) => SessionType): Promise<void>;
  /** Adds the type at the end of the creator's list unless they already have `limit`: false then. */
  abstract insert(type: SessionType, limit: number): Promise<boolean>;
  /** Writes the type's fields (not its position); false when it is no longer there. */
  abstract save(type: SessionType): Promise<boolean>;
  /**
   * Deletes the creator's type, unless it is their only one and they have a booking price: with no type stored
   * that price would offer the implicit "Session" again ('only-type').
   */
  abstract remove(creatorId: Id, id: Id): Promise<RemoveOutcome>;
  /** `ids` is the whole new order of the creator's types; false (nothing changed) when it is not. */
  abstract reorder(creatorId: Id, ids: Id[], now: Date): Promise<boolean>;
}
