import { Injectable } from '@nestjs/common';
import { CALENDAR_FEED_PAST_DAYS, CalendarFeedMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError, notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { hashSecretToken, newSecretToken } from '../../../shared/secret-link.js';
import { calendarFeedIcs } from './feed-ics.js';
import { CalendarFeedStore } from './ports/calendar-feed.store.js';
import { FeedSessions } from './ports/feed-sessions.js';
import { FeedIpRateLimit, FeedReadRateLimit } from './ports/feed-rate-limits.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const tooMany = (seconds: number) =>
  new DomainError('too_many', CalendarFeedMessages.tooMany(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });

/**
 * The creator's private calendar feed: its token (made on first ask, 256 random bits), its replacement, and
 * the feed itself for whoever holds the token. An unknown, replaced or malformed token and a deleted account
 * get the same 404, after at most one look-up by the token's hash.
 */
@Injectable()
export class CalendarFeedUseCase {
  constructor(
    private readonly store: CalendarFeedStore,
    private readonly sessions: FeedSessions,
    private readonly clock: Clock,
    private readonly ipLimit: FeedIpRateLimit,
    private readonly readLimit: FeedReadRateLimit,
  ) {}

  /** The creator's token, made on their first ask. */
  async token(creatorId: Id): Promise<string> {
    const kept = await this.store.tokenOf(creatorId);
    if (kept !== null) return kept;
    const fresh = newSecretToken();
    if (await this.store.add(creatorId, fresh, this.clock.now())) return fresh.token;
    // Another first ask stored its token meanwhile (the same answer for both), or the kept copy is sealed under
    // a secret SESSION_SECRET no longer lists: it can never be shown again, so a new address takes its place.
    const other = await this.store.tokenOf(creatorId);
    if (other !== null) return other;
    await this.store.put(creatorId, fresh, this.clock.now());
    return fresh.token;
  }

  /** A new token for the creator: the address before it stops working at once. */
  async replace(creatorId: Id): Promise<string> {
    const fresh = newSecretToken();
    await this.store.put(creatorId, fresh, this.clock.now());
    return fresh.token;
  }

  /** The feed (RFC 5545 text) that `token` opens: the last CALENDAR_FEED_PAST_DAYS days and every later session. */
  async feed(token: string, clientAddress: string): Promise<string> {
    const waitForAddress = await this.ipLimit.consume(clientAddress);
    if (waitForAddress !== null) throw tooMany(waitForAddress);
    const tokenHash = hashSecretToken(token);
    const creatorId = tokenHash === null ? null : await this.store.ownerOf(tokenHash);
    if (creatorId === null) throw notFound(CalendarFeedMessages.notFound);
    const waitForFeed = await this.readLimit.consume(tokenHash!);
    if (waitForFeed !== null) throw tooMany(waitForFeed);
    const now = this.clock.now();
    const sessions = await this.sessions.ofCreator(
      creatorId,
      new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS),
    );
    return calendarFeedIcs(sessions, now);
  }
}
