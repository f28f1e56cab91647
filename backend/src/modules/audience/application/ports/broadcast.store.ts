import type { BroadcastStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';

export interface Broadcast {
  id: Id;
  creatorId: Id;
  subject: string;
  body: string;
  status: BroadcastStatus;
  recipientCount: number;
  sentCount: number;
  createdAt: Date;
}

/** A confirmed subscriber claimed for a broadcast: this run, and no other, sends them the e-mail. */
export interface ClaimedRecipient {
  subscriberId: Id;
  email: string;
}

export abstract class BroadcastStore {
  /**
   * Stores the creator's broadcast of the UTC day `day`, addressed to their confirmed subscribers (counted in
   * the same statement); null when the creator has sent one that day already.
   */
  abstract create(input: { id: Id; creatorId: Id; subject: string; body: string; day: string; now: Date }): Promise<Broadcast | null>;
  abstract find(id: Id): Promise<Broadcast | null>;
  abstract list(creatorId: Id, limit: number): Promise<Broadcast[]>;
  /**
   * Claims up to `size` of the broadcast's recipients not claimed yet (confirmed when it was created, still
   * confirmed): each recipient is claimed once ever, whichever run claims them (a unique row per broadcast and
   * subscriber), so runs of the same batch at once, or again, send nobody twice. Joins the surrounding transaction.
   */
  abstract claim(broadcastId: Id, size: number, now: Date): Promise<ClaimedRecipient[]>;
  /** Whether recipients remain unclaimed. */
  abstract hasUnclaimed(broadcastId: Id): Promise<boolean>;
  abstract markSent(broadcastId: Id, now: Date): Promise<void>;
}
