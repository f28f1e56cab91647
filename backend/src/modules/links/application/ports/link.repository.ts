import type { Id } from '../../../../shared/ids.js';
import type { Link } from '../../domain/link.js';

export abstract class LinkRepository {
  /** The link when it belongs to this owner; null otherwise, exactly as for a missing one. */
  abstract findOwned(ownerId: Id, id: Id): Promise<Link | null>;
  abstract findActive(id: Id): Promise<Link | null>;
  /** Every link of the owner in list order (order ascending, newest first on ties). */
  abstract listForOwner(ownerId: Id): Promise<Link[]>;
  /**
   * What the public page shows at `now`, in list order: the owner's active links, and when scheduling
   * applies (the owner is premium) only those whose start is at or before `now` and whose end is after it.
   * One query on the owner's index.
   */
  abstract listVisibleForOwner(ownerId: Id, now: Date, schedulingApplies: boolean): Promise<Link[]>;
  abstract countActiveForOwner(ownerId: Id): Promise<number>;
  /**
   * Adds the link unless the owner already holds `limit` links (null: no limit). The count and the insert
   * are one transaction serialised per owner, so concurrent requests cannot pass the limit together.
   */
  abstract addWithinLimit(link: Link, limit: number | null): Promise<boolean>;
  abstract save(link: Link): Promise<void>;
  abstract remove(link: Link): Promise<void>;
  /**
   * Sets order = position for the owner's links, in one transaction. `ids` must be exactly the owner's
   * link ids; returns false (and changes nothing) when it is not.
   */
  abstract reorder(ownerId: Id, ids: Id[], now: Date): Promise<boolean>;
}
