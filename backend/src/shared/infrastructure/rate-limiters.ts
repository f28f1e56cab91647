import type { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimit } from '../rate-limit.js';

/** Makes one rate-limiter-flexible counter: `points` actions per `duration` seconds, keys under `keyPrefix`. */
export type LimiterFactory = (keyPrefix: string, points: number, duration: number) => RateLimiterAbstract;

export const redisLimiters =
  (redis: Redis, prefix: string): LimiterFactory =>
  (keyPrefix, points, duration) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}rl:${keyPrefix}`, points, duration });

/** Counters in the rate_limits table (created by the migrations), for a product without Redis. */
export const postgresLimiters =
  (pool: pg.Pool): LimiterFactory =>
  (keyPrefix, points, duration) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: true,
      keyPrefix,
      points,
      duration,
    });

/** Redis when there is one, else PostgreSQL: the same counters whichever the product runs on. */
export const limitersOver = (stores: { redis: Redis | null; pool: pg.Pool; redisKeyPrefix: string }): LimiterFactory =>
  stores.redis ? redisLimiters(stores.redis, stores.redisKeyPrefix) : postgresLimiters(stores.pool);

/** The RateLimit port over one rate-limiter-flexible counter. */
export class FlexibleRateLimit extends RateLimit {
  constructor(private readonly limiter: RateLimiterAbstract) {
    super();
  }

  async consume(key: string): Promise<number | null> {
    try {
      await this.limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }
}
