import type { Id } from '../../../../shared/ids.js';
import type { FeedSession } from '../../domain/feed-session.js';

/** How many sessions one feed lists at most: the earliest first, from its start on. */
export const FEED_SESSIONS_MAX = 2000;

/** The sessions a creator's feed lists. */
export abstract class FeedSessions {
  /**
   * The creator's paid sessions booked at a set time that end at `since` or later (cancelled and refunded ones
   * too), earliest first, at most FEED_SESSIONS_MAX; never a visitor's unpaid attempt.
   */
  abstract ofCreator(creatorId: Id, since: Date): Promise<FeedSession[]>;
}
