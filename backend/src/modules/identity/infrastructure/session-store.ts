import connectPgSimple from 'connect-pg-simple';
import RedisStore from 'connect-redis';
import session, { type Store } from 'express-session';
import type { Redis } from 'ioredis';
import type pg from 'pg';

/** Sessions live in Redis when it is configured, otherwise in PostgreSQL; either way every API process shares them. */
export function createSessionStore(redis: Redis | null, pool: pg.Pool, redisPrefix: string): Store {
  if (redis) return new RedisStore({ client: redis, prefix: `${redisPrefix}sess:` });
  const PgStore = connectPgSimple(session);
  return new PgStore({ pool, tableName: 'http_sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
}
