import type { SubscriberSource } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';
import type { ListOwner, Subscriber } from '../../domain/subscriber.js';

/** A page of a creator's subscribers, newest first, and where the next begins. */
export interface SubscriberPage {
  subscribers: Subscriber[];
  nextCursor: string | null;
}

/** The subscribers table and the creator's list settings (on identity's users row, as other modules read it). */
export abstract class SubscriberStore {
  /** The creator by username (any case), or null for nobody (or a deleted account). */
  abstract ownerByUsername(username: string): Promise<ListOwner | null>;
  abstract ownerById(id: Id): Promise<ListOwner | null>;
  /**
   * Asks for the address to be confirmed: a new address is stored pending, a pending or unsubscribed one gets
   * the new confirmation link (the old one stops working). A confirmed address is left as it is: null.
   */
  abstract requestConfirmation(input: {
    id: Id;
    creatorId: Id;
    email: string;
    source: SubscriberSource;
    tokenHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<{ subscriberId: Id } | null>;
  /** The address whose unexpired link this is becomes confirmed (again: nothing changes); false for no such link. */
  abstract confirm(tokenHash: string, now: Date): Promise<boolean>;
  /** Stores the hash of an unsubscribe link sent to the subscriber. */
  abstract addUnsubscribeToken(subscriberId: Id, tokenHash: string, now: Date): Promise<void>;
  /** Whether an unsubscribe link is known (the page shows its button), without changing anything. */
  abstract unsubscribeTokenKnown(tokenHash: string): Promise<boolean>;
  /** The subscriber of this link is unsubscribed at once (again: nothing changes); false for no such link. */
  abstract unsubscribe(tokenHash: string, now: Date): Promise<boolean>;
  abstract page(creatorId: Id, limit: number, cursor: string | null): Promise<SubscriberPage>;
  /** Every subscriber, newest first: the CSV export and the data export. */
  abstract all(creatorId: Id): Promise<Subscriber[]>;
  abstract confirmedCount(creatorId: Id): Promise<number>;
  /** Deletes the subscriber (false: not this creator's); the unsubscribe links sent to them stop working. */
  abstract remove(creatorId: Id, subscriberId: Id): Promise<boolean>;
  abstract saveBlock(creatorId: Id, enabled: boolean, title: string | null): Promise<void>;
}
