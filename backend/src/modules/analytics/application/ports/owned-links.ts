import type { Id } from '../../../../shared/ids.js';

/**
 * The creator's current links, as the links module keeps them (analytics keeps only their ids). A deleted
 * link is not among them, so its past clicks never show up by name.
 */
export abstract class OwnedLinks {
  /** Every current link and embed of the owner (active or not; headers are not links), in the creator's list order. */
  abstract listForOwner(ownerId: Id): Promise<Array<{ id: Id; title: string }>>;
  /** How many of the owner's links and embeds are switched on (headers are section titles, not links). */
  abstract countActive(ownerId: Id): Promise<number>;
}
