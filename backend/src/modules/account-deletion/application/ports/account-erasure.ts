import type { Id } from '../../../../shared/ids.js';
import type { Tombstone } from '../../domain/account-deletion.js';

/** What the account showed before it was erased: the images to delete from the object store afterwards. */
export interface ErasedAccount {
  avatar: string | null;
  backgroundImage: string | null;
  /** The search and share preview's image (issue 26). */
  shareImage: string | null;
  /** The thumbnails of the links removed with the account. */
  linkThumbnails: string[];
  /** The object keys of the products removed with the account: their covers and files (issue 27). */
  productObjects?: string[];
}

export interface Erasure {
  tombstone: Tombstone;
  /** The account's username is held (for nobody, forwarding nowhere) until then. */
  heldUntil: Date;
  now: Date;
}

/**
 * The account's own data in the database, across the modules' tables (as the data export reads them). Money
 * records stay: bookings, ledger entries, payouts and subscriptions are kept for accounting.
 */
export abstract class AccountErasure {
  /** Integer cents the creator earned (ledger) and was not paid out yet. */
  abstract unpaidCents(userId: Id): Promise<number>;
  /**
   * In one transaction: the row becomes the tombstone (personal data and password gone, `deleted_at` set, the
   * username and e-mail address freed), the old username held until `heldUntil`, links removed, two-factor and
   * reset tokens dropped, payouts not sent yet kept on hold without a destination, support requests' text
   * erased. Null when there is no such account or it was deleted already.
   */
  abstract erase(userId: Id, erasure: Erasure): Promise<ErasedAccount | null>;
}
