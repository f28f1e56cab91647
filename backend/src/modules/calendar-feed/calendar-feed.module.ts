import { Module } from '@nestjs/common';
import {
  CALENDAR_FEED_READS_PER_FEED_PER_10_MINUTES,
  CALENDAR_FEED_READS_PER_IP_PER_10_MINUTES,
} from '@linkbio/shared-contracts';
import type pg from 'pg';
import { type Env, sessionSecrets } from '../../config/env.js';
import { ENV, PG_POOL } from '../../shared/infrastructure/infrastructure.tokens.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { CalendarFeedUseCase } from './application/calendar-feed.use-case.js';
import { CalendarFeedStore } from './application/ports/calendar-feed.store.js';
import { FeedIpRateLimit, FeedReadRateLimit } from './application/ports/feed-rate-limits.js';
import { FeedSessions } from './application/ports/feed-sessions.js';
import { CalendarFeedController } from './http/calendar-feed.controller.js';
import { PostgresCalendarFeedStore } from './infrastructure/postgres-calendar-feed.store.js';
import { PostgresFeedSessions } from './infrastructure/postgres-feed-sessions.js';

/** The creator's private calendar feed: its address in the dashboard, and the feed calendar apps subscribe to. */
@Module({
  controllers: [CalendarFeedController],
  providers: [
    {
      provide: CalendarFeedStore,
      inject: [PG_POOL, ENV],
      useFactory: (pool: pg.Pool, env: Env) => new PostgresCalendarFeedStore(pool, sessionSecrets(env)),
    },
    { provide: FeedSessions, inject: [PG_POOL], useFactory: (pool: pg.Pool) => new PostgresFeedSessions(pool) },
    rateLimitProvider(FeedIpRateLimit, 'calendar_feed_ip', CALENDAR_FEED_READS_PER_IP_PER_10_MINUTES, 10 * 60),
    rateLimitProvider(FeedReadRateLimit, 'calendar_feed', CALENDAR_FEED_READS_PER_FEED_PER_10_MINUTES, 10 * 60),
    CalendarFeedUseCase,
  ],
})
export class CalendarFeedModule {}
