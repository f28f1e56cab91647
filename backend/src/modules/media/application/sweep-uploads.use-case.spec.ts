import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { newImageKey, newUploadKey } from '../domain/object-keys.js';
import { InMemoryObjectStorage } from '../testing/in-memory-object-storage.js';
import { InMemoryUploadGrants } from '../testing/in-memory-upload-grants.js';
import { CHOOSE_GRACE_MS } from './change-image.use-case.js';
import { GRANT_RETENTION_MS, SweepUploadsUseCase } from './sweep-uploads.use-case.js';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const HOUR = 3600 * 1000;

describe('SweepUploadsUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  function setup() {
    const clock = new FixedClock();
    const grants = new InMemoryUploadGrants();
    const storage = new InMemoryObjectStorage();
    const sweep = new SweepUploadsUseCase(grants, storage, clock);
    const user = randomUUID();
    /** A grant whose URL expired `ago` milliseconds ago (negative: still valid), its file uploaded or not. */
    const grant = async (ago: number, { uploaded = true } = {}) => {
      const key = newUploadKey(user);
      await grants.issue({ key, userId: user, expiresAt: new Date(clock.now().getTime() - ago), createdAt: clock.now() });
      if (uploaded) await storage.put(key, PNG, 'image/png');
      return key;
    };
    /** An old grant that was claimed: its upload moved to users/, where the profile shows it. */
    const claimed = async (ago: number) => {
      const key = await grant(ago);
      const image = newImageKey(user, 'image/png');
      await storage.move(key, image, 'image/png');
      await grants.markConsumed(key, clock.now());
      return { key, image };
    };
    return { clock, grants, storage, sweep, grant, claimed };
  }

  it('keeps grants far longer than an upload can still be chosen (none swept could still be claimed)', () => {
    expect(GRANT_RETENTION_MS).toBeGreaterThanOrEqual(12 * CHOOSE_GRACE_MS);
  });

  it('removes grants expired over a day ago with their uploads, and keeps younger ones', async () => {
    const { grants, storage, sweep, grant } = setup();
    const abandoned = await grant(GRANT_RETENTION_MS + HOUR);
    const neverUsed = await grant(GRANT_RETENTION_MS + 1, { uploaded: false });
    const recent = await grant(GRANT_RETENTION_MS - HOUR);
    const valid = await grant(-5 * 60 * 1000);

    expect(await sweep.execute()).toEqual({ grants: 2, uploads: 2, kept: 0 });
    expect(grants.keys().sort()).toEqual([recent, valid].sort());
    expect([...storage.objects.keys()].sort()).toEqual([recent, valid].sort());
    expect(storage.deleted.sort()).toEqual([abandoned, neverUsed].sort());
  });

  it('removes only the row of a claimed grant: the image under users/ stays', async () => {
    const { grants, storage, sweep, claimed } = setup();
    const { key, image } = await claimed(GRANT_RETENTION_MS + HOUR);

    expect(await sweep.execute()).toEqual({ grants: 1, uploads: 0, kept: 0 });
    expect(await grants.find(key)).toBeNull();
    expect(await storage.size(image)).toBe(PNG.length);
    expect(storage.deleted).toEqual([]);
  });

  it('never deletes an object outside uploads/, even for a grant that names one', async () => {
    const { clock, grants, storage, sweep } = setup();
    const image = newImageKey(randomUUID(), 'image/png');
    await storage.put(image, PNG, 'image/png');
    await grants.issue({ key: image, userId: randomUUID(), expiresAt: new Date(clock.now().getTime() - 2 * GRANT_RETENTION_MS), createdAt: clock.now() });

    expect(await sweep.execute()).toEqual({ grants: 1, uploads: 0, kept: 0 });
    expect(await storage.size(image)).toBe(PNG.length);
    expect(storage.deleted).toEqual([]);
  });

  it('works through a backlog in batches, every grant once', async () => {
    const { grants, storage, sweep, grant } = setup();
    const limits: number[] = [];
    const sweepExpired = grants.sweepExpired.bind(grants);
    grants.sweepExpired = (before, limit, work) => {
      limits.push(limit);
      return sweepExpired(before, limit, work);
    };
    const old = await Promise.all(Array.from({ length: 23 }, () => grant(GRANT_RETENTION_MS + HOUR)));

    expect(await sweep.execute({ batchSize: 5 })).toEqual({ grants: 23, uploads: 23, kept: 0 });
    expect(limits).toEqual([5, 5, 5, 5, 5]);
    expect(grants.keys()).toEqual([]);
    expect(storage.deleted.sort()).toEqual(old.sort());
  });

  it('keeps the grant of an upload it could not delete, stops, and finishes the next time', async () => {
    const { grants, storage, sweep, grant, claimed } = setup();
    const stuck = await grant(GRANT_RETENTION_MS + HOUR);
    const others = await Promise.all(Array.from({ length: 3 }, () => grant(GRANT_RETENTION_MS + HOUR)));
    const { key: claimedKey } = await claimed(GRANT_RETENTION_MS + HOUR);
    storage.failingDeletes.add(stuck);

    const first = await sweep.execute();
    expect(first).toEqual({ grants: 4, uploads: 3, kept: 1 });
    expect(grants.keys()).toEqual([stuck]);
    expect(await storage.size(stuck)).toBe(PNG.length);
    for (const key of [...others, claimedKey]) expect(await grants.find(key)).toBeNull();

    storage.failingDeletes.clear();
    expect(await sweep.execute()).toEqual({ grants: 1, uploads: 1, kept: 0 });
    expect(grants.keys()).toEqual([]);
    expect(storage.objects.size).toBe(1); // the claimed image
  });

  it('stops at the first batch with a failed delete instead of trying the store again and again', async () => {
    const { grants, storage, sweep, grant } = setup();
    const old = await Promise.all(Array.from({ length: 12 }, () => grant(GRANT_RETENTION_MS + HOUR)));
    old.forEach((key) => storage.failingDeletes.add(key));

    expect(await sweep.execute({ batchSize: 5 })).toEqual({ grants: 0, uploads: 0, kept: 5 });
    expect(storage.deleted).toHaveLength(5);
    expect(grants.keys()).toHaveLength(12);
  });

  it('may run twice at once: each grant is handled by one sweep only', async () => {
    const { grants, storage, sweep, grant, claimed } = setup();
    const old = await Promise.all(Array.from({ length: 40 }, () => grant(GRANT_RETENTION_MS + HOUR)));
    await Promise.all(Array.from({ length: 7 }, () => claimed(GRANT_RETENTION_MS + HOUR)));
    const fresh = await grant(HOUR);

    const runs = await Promise.all([sweep.execute({ batchSize: 4 }), sweep.execute({ batchSize: 4 })]);
    expect(runs.reduce((sum, run) => sum + run.grants, 0)).toBe(47);
    expect(runs.reduce((sum, run) => sum + run.uploads, 0)).toBe(40);
    expect(runs.every((run) => run.grants > 0)).toBe(true);
    expect(storage.deleted.sort()).toEqual(old.sort());
    expect(grants.keys()).toEqual([fresh]);
    expect(await sweep.execute()).toEqual({ grants: 0, uploads: 0, kept: 0 });
  });
});
