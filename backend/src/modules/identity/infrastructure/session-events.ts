import { Logger } from '@nestjs/common';
import type { SessionData, Store } from 'express-session';

/** What the registry of signed-in devices hears from the session store. */
export interface SessionRegistryEvents {
  /** The store moved the expiry of a session signed in to `userId`: it was used at `at`. */
  seen(sid: string, at: Date, userId: string): Promise<void>;
  /** The session is gone from the store. */
  forget(sid: string): Promise<void>;
}

const logger = new Logger('Sessions');
let lastReport = 0;
/** At most one line every 30 s while the database is away, not one per request. */
const report = (what: string) => (error: unknown) => {
  if (Date.now() - lastReport < 30_000) return;
  lastReport = Date.now();
  logger.warn(`Signed-in devices: ${what} not recorded (${error instanceof Error ? error.name : 'error'})`);
};

/**
 * Keeps the registry of signed-in devices in step with the session store, without a query of its own on an
 * ordinary request. A touch that reaches the store (at most one per session every ten minutes, see
 * touchingAtMostEvery, which wraps this) also moves the session's "last seen", without the answer waiting for
 * it; a destroy (sign-out, a new id at sign-in, a session ended from another device) also removes its row,
 * before its callback runs.
 */
export function keptInStepWith<S extends Store>(
  store: S,
  registry: SessionRegistryEvents,
  now: () => Date = () => new Date(),
): S {
  const touch = store.touch?.bind(store);
  if (touch) {
    store.touch = (sid: string, data: SessionData, callback?: (error?: unknown) => void) => {
      touch(sid, data, (error?: unknown) => {
        const userId = (data as { passport?: { user?: unknown } }).passport?.user;
        if (!error && typeof userId === 'string') registry.seen(sid, now(), userId).catch(report('a sighting'));
        callback?.(error);
      });
    };
  }
  const destroy = store.destroy.bind(store);
  store.destroy = (sid: string, callback?: (error?: unknown) => void) => {
    destroy(sid, (error?: unknown) => {
      if (error) return callback?.(error);
      registry.forget(sid).then(
        () => callback?.(),
        (failure: unknown) => {
          report('an ended session')(failure);
          callback?.();
        },
      );
    });
  };
  return store;
}
