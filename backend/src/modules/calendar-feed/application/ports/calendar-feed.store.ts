import type { Id } from '../../../../shared/ids.js';

/** A feed token and the SHA-256 (hex) it is found by. */
export interface FeedToken {
  token: string;
  tokenHash: string;
}

/**
 * The creators' feed addresses: each token kept as its hash (to find the feed) and a sealed copy (to show the
 * address again), never in plain.
 */
export abstract class CalendarFeedStore {
  /** The creator's current token; null when they have none, or when no key of SESSION_SECRET opens its copy. */
  abstract tokenOf(creatorId: Id): Promise<string | null>;
  /** Keeps `token` as the creator's first one; false when they have one already (nothing changes). */
  abstract add(creatorId: Id, token: FeedToken, now: Date): Promise<boolean>;
  /** Puts `token` in place of the creator's: the one before stops opening the feed at once. */
  abstract put(creatorId: Id, token: FeedToken, now: Date): Promise<void>;
  /** The creator whose feed the token with this hash opens; null when none does or their account is deleted. */
  abstract ownerOf(tokenHash: string): Promise<Id | null>;
}
