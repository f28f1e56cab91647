import connectPgSimple from 'connect-pg-simple';
import { RedisStore } from 'connect-redis';
import session, { type SessionData, type Store } from 'express-session';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { keptInStepWith, type SessionRegistryEvents } from './session-events.js';

/** How often, at most, one process moves a session's expiry in the store (its cookie still rolls on every answer). */
export const SESSION_TOUCH_EVERY_MS = 10 * 60 * 1000;
const REMEMBERED_TOUCHES = 10_000;

/**
 * Sessions live in Redis when it is configured, otherwise in PostgreSQL; either way every API process shares them.
 * The registry of signed-in devices is kept in step with the store (session-events.ts): a session's "last seen"
 * moves only with the touches that reach the store.
 */
export function createSessionStore(
  redis: Redis | null,
  pool: pg.Pool,
  redisPrefix: string,
  registry: SessionRegistryEvents,
): Store {
  const PgStore = connectPgSimple(session);
  const store: Store = redis
    ? new RedisStore({ client: redis, prefix: `${redisPrefix}sess:` })
    : new PgStore({ pool, tableName: 'http_sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
  return touchingAtMostEvery(keptInStepWith(store, registry), SESSION_TOUCH_EVERY_MS);
}

/**
 * A rolling session is touched on every answer, a write to the store each time. Its lifetime is thirty days,
 * so moving the stored expiry at most every `everyMs` per session changes when it ends by minutes at most and
 * saves that write on nearly every signed-in request. The last touches are remembered for a bounded number of
 * sessions (the oldest forgotten first); a forgotten one is simply touched again.
 */
export function touchingAtMostEvery<S extends Store>(store: S, everyMs: number, now: () => number = Date.now): S {
  const touch = store.touch?.bind(store);
  if (!touch) return store;
  const touchedAt = new Map<string, number>();
  store.touch = (sid: string, data: SessionData, callback?: (error?: unknown) => void) => {
    const at = now();
    const last = touchedAt.get(sid);
    if (last !== undefined && at - last < everyMs) {
      callback?.();
      return;
    }
    touch(sid, data, (error?: unknown) => {
      if (!error) {
        touchedAt.delete(sid);
        touchedAt.set(sid, at);
        if (touchedAt.size > REMEMBERED_TOUCHES) touchedAt.delete(touchedAt.keys().next().value!);
      }
      callback?.(error);
    });
  };
  return store;
}
