import type { Id } from '../../../../shared/ids.js';
import type { Carryover, CarryoverWithCreator } from '../../domain/carryover.js';

/** The weeks creators were carried over (payout_carryovers). Calls join the current transaction (see Transactions). */
export abstract class CarryoverStore {
  /**
   * Records a carried-over week; when the creator's week is recorded already (a re-run, a concurrent run),
   * stores nothing. Answers the stored record either way.
   */
  abstract record(carryover: Carryover): Promise<Carryover>;
  /** The carried-over weeks of these creators in a week, with their usernames, by username. */
  abstract forOperators(week: string, creatorIds: Id[]): Promise<CarryoverWithCreator[]>;
}
