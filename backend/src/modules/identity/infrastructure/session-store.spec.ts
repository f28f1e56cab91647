import { Store, type SessionData } from 'express-session';
import { touchingAtMostEvery } from './session-store.js';

/** A store that records its touches and fails them when told to. */
class RecordingStore extends Store {
  touched: string[] = [];
  failNext = false;
  get(_sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    callback(null, null);
  }
  set(_sid: string, _session: SessionData, callback?: (error?: unknown) => void): void {
    callback?.();
  }
  destroy(_sid: string, callback?: (error?: unknown) => void): void {
    callback?.();
  }
  override touch(sid: string, _session: SessionData, callback?: (error?: unknown) => void): void {
    if (this.failNext) {
      this.failNext = false;
      callback?.(new Error('store away'));
      return;
    }
    this.touched.push(sid);
    callback?.();
  }
}

const session = {} as SessionData;

function touch(store: Store, sid: string): Promise<unknown> {
  // express-session passes the store's error to the callback, though its types declare none.
  const touchWith = store.touch as (sid: string, session: SessionData, callback: (error?: unknown) => void) => void;
  return new Promise((resolve) => touchWith.call(store, sid, session, (error) => resolve(error ?? null)));
}

describe('touchingAtMostEvery', () => {
  let now: number;
  let store: RecordingStore;

  beforeEach(() => {
    now = 1_000_000;
    store = touchingAtMostEvery(new RecordingStore(), 60_000, () => now);
  });

  it('touches a session the first time, then not again within the interval, then again after it', async () => {
    await touch(store, 'a');
    now += 59_999;
    await touch(store, 'a');
    expect(store.touched).toEqual(['a']);

    now += 1;
    await touch(store, 'a');
    expect(store.touched).toEqual(['a', 'a']);
  });

  it('keeps each session apart', async () => {
    await touch(store, 'a');
    await touch(store, 'b');
    await touch(store, 'a');
    expect(store.touched).toEqual(['a', 'b']);
  });

  it('passes a failed touch on and tries again at the next answer', async () => {
    store.failNext = true;
    expect(await touch(store, 'a')).toEqual(new Error('store away'));
    expect(await touch(store, 'a')).toBeNull();
    expect(store.touched).toEqual(['a']);
  });

  it('forgets the oldest sessions beyond ten thousand, which are then simply touched again', async () => {
    for (let i = 0; i <= 10_000; i += 1) await touch(store, `s${i}`);
    await touch(store, 's0');
    await touch(store, 's10000');
    expect(store.touched.slice(-1)).toEqual(['s0']);
    expect(store.touched).toHaveLength(10_002);
  });
});
