import type { Id } from '../../../shared/ids.js';
import { CalendarFeedStore, type FeedToken } from '../application/ports/calendar-feed.store.js';

/** Feed addresses in memory, the tokens kept in plain (nothing here outlives the test). */
export class InMemoryCalendarFeedStore extends CalendarFeedStore {
  readonly feeds = new Map<Id, FeedToken & { createdAt: Date }>();
  readonly deleted = new Set<Id>();
  /** Creators whose kept copy no key opens (as after SESSION_SECRET changed entirely). */
  readonly unreadable = new Set<Id>();

  async tokenOf(creatorId: Id): Promise<string | null> {
    if (this.unreadable.has(creatorId)) return null;
    return this.feeds.get(creatorId)?.token ?? null;
  }

  async add(creatorId: Id, token: FeedToken, now: Date): Promise<boolean> {
    if (this.feeds.has(creatorId)) return false;
    this.feeds.set(creatorId, { ...token, createdAt: now });
    return true;
  }

  async put(creatorId: Id, token: FeedToken, now: Date): Promise<void> {
    this.feeds.set(creatorId, { ...token, createdAt: now });
    this.unreadable.delete(creatorId);
  }

  async ownerOf(tokenHash: string): Promise<Id | null> {
    for (const [creatorId, feed] of this.feeds)
      if (feed.tokenHash === tokenHash && !this.deleted.has(creatorId)) return creatorId;
    return null;
  }
}
