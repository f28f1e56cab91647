import { SUPPORT_REQUESTS_PER_HOUR } from '@linkbio/shared-contracts';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Id } from '../../../shared/ids.js';
import { SupportRequestLimiter } from '../application/ports/support-request.limiter.js';
import { tooManySupportRequests } from '../domain/support.errors.js';

const WINDOW_SECONDS = 60 * 60;
const KEY_PREFIX = 'support_request';

/** rate-limiter-flexible over Redis when there is one, else the rate_limits table: 5 requests per creator per hour. */
export class FlexibleSupportRequestLimiter extends SupportRequestLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {
    super();
  }

  static over(stores: { redis: Redis | null; pool: pg.Pool; redisKeyPrefix: string }): FlexibleSupportRequestLimiter {
    const limits = { points: SUPPORT_REQUESTS_PER_HOUR, duration: WINDOW_SECONDS };
    return new FlexibleSupportRequestLimiter(
      stores.redis
        ? new RateLimiterRedis({
            storeClient: stores.redis,
            keyPrefix: `${stores.redisKeyPrefix}rl:${KEY_PREFIX}`,
            ...limits,
          })
        : new RateLimiterPostgres({
            storeClient: stores.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            clearExpiredByTimeout: true,
            keyPrefix: KEY_PREFIX,
            ...limits,
          }),
    );
  }

  async consume(creatorId: Id): Promise<void> {
    try {
      await this.limiter.consume(creatorId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManySupportRequests(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
}
