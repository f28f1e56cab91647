import { RateLimit } from '../../../../shared/rate-limit.js';

/** CALENDAR_FEED_READS_PER_IP_PER_10_MINUTES feed reads per client address, so addresses cannot be guessed at speed. */
export abstract class FeedIpRateLimit extends RateLimit {}

/** CALENDAR_FEED_READS_PER_FEED_PER_10_MINUTES reads of one feed (keyed by its token's hash, never the token). */
export abstract class FeedReadRateLimit extends RateLimit {}
