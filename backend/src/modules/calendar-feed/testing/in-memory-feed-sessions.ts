import { PAID_BOOKING_STATUSES } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { FEED_SESSIONS_MAX, FeedSessions } from '../application/ports/feed-sessions.js';
import type { FeedSession } from '../domain/feed-session.js';

/** Sessions in memory, by creator, chosen as the PostgreSQL adapter chooses them. */
export class InMemoryFeedSessions extends FeedSessions {
  readonly sessions: Array<FeedSession & { creatorId: Id }> = [];

  async ofCreator(creatorId: Id, since: Date): Promise<FeedSession[]> {
    return this.sessions
      .filter(
        (session) =>
          session.creatorId === creatorId && PAID_BOOKING_STATUSES.includes(session.status) && session.end >= since,
      )
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.bookingId.localeCompare(b.bookingId))
      .slice(0, FEED_SESSIONS_MAX)
      .map(({ creatorId: _creator, ...session }) => session);
  }
}
