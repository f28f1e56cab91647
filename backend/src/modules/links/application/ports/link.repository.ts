import type { Id } from '../../../../shared/ids.js';
import type { Link } from '../../domain/link.js';

export abstract class LinkRepository {
  /** The link when it belongs to this owner; null otherwise, exactly as for a missing one. */
  abstract findOwned(ownerId: Id, id: Id): Promise<Link | null>;
  /**
   * Every link of the owner in list order (order ascending, newest first on ties), as stored now: read to be
   * shown, not to be saved (a change goes through changeOwned, or save of a link findOwned returned).
   */
  abstract listForOwner(ownerId: Id): Promise<Link[]>;
  /**
   * Adds the link unless the owner already holds `limit` links (null: no limit), counting the blocks that count
   * as links (links and embeds, active or not; headers never, and a header is added whatever the limit). The count and the insert are one transaction
   * serialised per owner, so concurrent requests cannot pass the limit together.
   */
  abstract addWithinLimit(link: Link, limit: number | null): Promise<boolean>;
  /**
   * Adds the links (all of one owner) after the owner's current ones, in the order given: each link's order
   * becomes the owner's highest order + 1, + 2… All or nothing: none is added when the owner would then hold
   * more than `limit` links (null: no limit). One transaction serialised per owner, as addWithinLimit.
   */
  abstract addAllWithinLimit(ownerId: Id, links: Link[], limit: number | null): Promise<boolean>;
  abstract save(link: Link): Promise<void>;
  /**
   * Applies `change` to the owner's link and saves it, in one transaction holding the link's row: concurrent
   * changes apply one after the other, each to what the one before saved, so a rule that spans fields (the
   * end after the start) holds for the result. A change that throws saves nothing. Null when the owner has
   * no such link.
   */
  abstract changeOwned(ownerId: Id, id: Id, change: (link: Link) => void): Promise<Link | null>;
  abstract remove(link: Link): Promise<void>;
  /**
   * Sets order = position for the owner's links, in one transaction. `ids` must be exactly the owner's
   * link ids; returns false (and changes nothing) when it is not.
   */
  abstract reorder(ownerId: Id, ids: Id[], now: Date): Promise<boolean>;
}
