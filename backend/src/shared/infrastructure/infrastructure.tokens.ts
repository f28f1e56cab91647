/** DI tokens for values that are not classes. */
export const ENV = Symbol('ENV');
export const PG_POOL = Symbol('PG_POOL');
/** An ioredis client, or null when REDIS_URL is not set. */
export const REDIS = Symbol('REDIS');
