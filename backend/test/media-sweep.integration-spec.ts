import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SweepUploadsUseCase, type UploadSweep } from '../src/modules/media/application/sweep-uploads.use-case.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { agent, type Agent, Database, ownDatabase, signedInCreator, startApp, startWorker } from './support/harness.js';

/*
 * The daily media sweep in the worker, on real PostgreSQL and the local-disk object store, with uploads made
 * over HTTP as Uppy makes them. Its own database: a sweep takes every old grant of the table, and its counts
 * are checked exactly.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('media sweep (worker, local object store)', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let dropDatabase: () => Promise<void>;
  const objectsDir = mkdtempSync(join(tmpdir(), 'linkbio-media-sweep-'));

  beforeAll(async () => {
    const own = await ownDatabase('media_sweep');
    process.env.TEST_DATABASE_URL = own.url;
    dropDatabase = own.drop;
    process.env.OBJECTS_DIR = objectsDir;
    delete process.env.S3_BUCKET;
    app = await startApp();
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await worker?.close();
    await app?.close();
    await dropDatabase?.();
    delete process.env.OBJECTS_DIR;
    rmSync(objectsDir, { recursive: true, force: true });
  });

  const pathOf = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return parsed.pathname + parsed.search;
  };
  const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/objects/', '');
  const onDisk = (key: string) => existsSync(join(objectsDir, key));
  const uploadURL = async (client: Agent) => (await client.post('/api/objects/upload').expect(200)).body.uploadURL as string;
  /** An upload URL and its one PUT, never claimed; returns the upload's key. */
  const upload = async (client: Agent): Promise<string> => {
    const url = await uploadURL(client);
    await client.put(pathOf(url)).set('Content-Type', 'image/png').send(PNG).expect(200);
    return keyOf(url);
  };
  /** Moves a grant's expiry back, as if its URL had been issued long ago. */
  const expiredAgo = (key: string, hours: number) =>
    db.query(`update upload_grants set expires_at = now() - make_interval(hours => $2), created_at = now() - make_interval(hours => $2) where key = $1`, [
      key,
      hours,
    ]);
  const grantExists = async (key: string) => (await db.query('select 1 from upload_grants where key = $1', [key])).rowCount === 1;

  /** Enqueues the `media-sweep` job, as its daily schedule does, and waits for the worker to complete it. */
  async function sweepJob(): Promise<UploadSweep> {
    const queue = app.get(JobQueues).queue('maintenance');
    const job = await queue.add('media-sweep', {});
    const deadline = Date.now() + 15_000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed') return (await queue.getJob(job.id!))!.returnvalue as UploadSweep;
      if (state === 'failed') throw new Error(`media-sweep failed: ${(await queue.getJob(job.id!))?.failedReason}`);
      if (Date.now() > deadline) throw new Error(`media-sweep not done within 15 s (${state})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('removes an old abandoned upload and its grant, and keeps a fresh one', async () => {
    const { client } = await signedInCreator(app);
    const abandoned = await upload(client);
    const neverPut = keyOf(await uploadURL(client));
    const yesterday = await upload(client);
    const fresh = await upload(client);
    await expiredAgo(abandoned, 25);
    await expiredAgo(neverPut, 48);
    await expiredAgo(yesterday, 23);
    expect(onDisk(abandoned)).toBe(true);

    expect(await sweepJob()).toEqual({ grants: 2, uploads: 2, kept: 0 });
    expect(onDisk(abandoned)).toBe(false);
    expect(await grantExists(abandoned)).toBe(false);
    expect(await grantExists(neverPut)).toBe(false);
    for (const kept of [yesterday, fresh]) {
      expect(onDisk(kept)).toBe(true);
      expect(await grantExists(kept)).toBe(true);
    }
  });

  it("removes a claimed avatar's old grant only: its image under users/ stays on the page", async () => {
    const { client, details } = await signedInCreator(app);
    const url = await uploadURL(client);
    await client.put(pathOf(url)).set('Content-Type', 'image/png').send(PNG).expect(200);
    const avatar = (await client.put('/api/avatar-images').send({ avatarURL: url }).expect(200)).body.user.avatar as string;
    await expiredAgo(keyOf(url), 25);

    expect(await sweepJob()).toEqual({ grants: 1, uploads: 0, kept: 0 });
    expect(await grantExists(keyOf(url))).toBe(false);
    expect(onDisk(keyOf(avatar))).toBe(true);
    await agent(app).get(avatar).expect(200);
    expect((await agent(app).get(`/${details.username}`).expect(200)).text).toContain(avatar);
    expect((await client.get('/api/auth/me').expect(200)).body.avatar).toBe(avatar);
  });

  it('may run twice at once, in two workers: each grant is handled once, and again finds nothing', async () => {
    const { client } = await signedInCreator(app);
    const old = await Promise.all(Array.from({ length: 24 }, () => upload(client)));
    for (const key of old) await expiredAgo(key, 30);
    const fresh = await upload(client);
    const second = await startWorker();
    try {
      const runs = await Promise.all(
        [worker, second, worker].map((context) => context.get(SweepUploadsUseCase).execute({ batchSize: 5 })),
      );
      expect(runs.reduce((sum, run) => sum + run.grants, 0)).toBe(24);
      expect(runs.reduce((sum, run) => sum + run.uploads, 0)).toBe(24);
      expect(runs.every((run) => run.kept === 0)).toBe(true);
    } finally {
      await second.close();
    }
    for (const key of old) {
      expect(onDisk(key)).toBe(false);
      expect(await grantExists(key)).toBe(false);
    }
    expect(onDisk(fresh)).toBe(true);
    expect(await grantExists(fresh)).toBe(true);
    expect(await sweepJob()).toEqual({ grants: 0, uploads: 0, kept: 0 });
  });
});
