import { Store, type SessionData } from 'express-session';
import { keptInStepWith, type SessionRegistryEvents } from './session-events.js';
import { touchingAtMostEvery } from './session-store.js';

/** A store that only says yes, or fails when told to. */
class AnsweringStore extends Store {
  failNext = false;
  get(_sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    callback(null, null);
  }
  set(_sid: string, _session: SessionData, callback?: (error?: unknown) => void): void {
    callback?.();
  }
  destroy(_sid: string, callback?: (error?: unknown) => void): void {
    this.answer(callback);
  }
  override touch(_sid: string, _session: SessionData, callback?: (error?: unknown) => void): void {
    this.answer(callback);
  }
  private answer(callback?: (error?: unknown) => void) {
    const fail = this.failNext;
    this.failNext = false;
    callback?.(fail ? new Error('store away') : undefined);
  }
}

/** The registry's side, recording what it heard; `failing` rejects as a database that is away. */
class RecordingRegistry implements SessionRegistryEvents {
  readonly heard: string[] = [];
  failing = false;
  async seen(sid: string, at: Date, userId: string): Promise<void> {
    if (this.failing) throw new Error('database away');
    this.heard.push(`seen ${sid} ${at.toISOString()} ${userId}`);
  }
  async forget(sid: string): Promise<void> {
    if (this.failing) throw new Error('database away');
    this.heard.push(`forget ${sid}`);
  }
}

const AT = new Date('2026-03-02T12:00:00.000Z');
/** A session passport signed in to account u1. */
const signedIn = { passport: { user: 'u1' } } as unknown as SessionData;
const call = (act: (callback: (error?: unknown) => void) => void) =>
  new Promise<unknown>((resolve) => act((error) => resolve(error)));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('keptInStepWith', () => {
  let store: AnsweringStore;
  let registry: RecordingRegistry;

  beforeEach(() => {
    store = new AnsweringStore();
    registry = new RecordingRegistry();
    keptInStepWith(store, registry, () => AT);
  });

  it('records a touch that reached the store as a sighting of its account, and not one that failed', async () => {
    expect(await call((done) => store.touch('a', signedIn, done))).toBeUndefined();
    store.failNext = true;
    expect(await call((done) => store.touch('b', signedIn, done))).toBeInstanceOf(Error);
    expect(await call((done) => store.touch('c', {} as SessionData, done))).toBeUndefined();
    await settle();

    expect(registry.heard).toEqual([`seen a ${AT.toISOString()} u1`]);
  });

  it('forgets a destroyed session before answering, and keeps one the store failed to destroy', async () => {
    expect(await call((done) => store.destroy('a', done))).toBeUndefined();
    expect(registry.heard).toEqual(['forget a']);
    store.failNext = true;
    expect(await call((done) => store.destroy('b', done))).toBeInstanceOf(Error);
    expect(registry.heard).toEqual(['forget a']);
  });

  it('answers touches and sign-outs as the store did while the database is away', async () => {
    registry.failing = true;

    expect(await call((done) => store.touch('a', signedIn, done))).toBeUndefined();
    expect(await call((done) => store.destroy('a', done))).toBeUndefined();
  });

  it('adds no sighting to the touches the store is spared (one per session every ten minutes)', async () => {
    let now = 0;
    const throttled = touchingAtMostEvery(store, 600_000, () => now);
    for (const at of [0, 1_000, 599_999, 600_000, 600_001]) {
      now = at;
      await call((done) => throttled.touch('a', signedIn, done));
    }
    await settle();

    expect(registry.heard).toHaveLength(2);
  });
});
