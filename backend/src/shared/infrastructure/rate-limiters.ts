import type { Abstract, Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Env } from '../../config/env.js';
import { RateLimit } from '../rate-limit.js';
import { ENV, PG_POOL, REDIS } from './infrastructure.tokens.js';

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

/**
 * Provides a RateLimit port (`provide`, a subclass used as its DI token) as one counter in the install's
 * store: `points` actions per `duration` seconds per key, keys under `keyPrefix`.
 */
export const rateLimitProvider = (
  provide: Abstract<RateLimit>,
  keyPrefix: string,
  points: number,
  duration: number,
): Provider => ({
  provide,
  inject: [ENV, PG_POOL, REDIS],
  useFactory: (env: Env, pool: pg.Pool, redis: Redis | null) =>
    new FlexibleRateLimit(
      limitersOver({ redis, pool, redisKeyPrefix: env.REDIS_KEY_PREFIX })(keyPrefix, points, duration),
    ),
});
