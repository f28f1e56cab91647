import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Messages, THUMBNAIL_PIXELS, type LinkView } from '@linkbio/shared-contracts';
import { agent, type Agent, signedInCreator, startApp } from './support/harness.js';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const S3_ENV = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'OBJECTS_DIR'];
const BUCKET = 'linkbio-thumbnails';

/** A real photo-like JPEG (with EXIF naming the camera and where it was) and a real PNG, made by sharp. */
const photoJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6f4f' } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Snap 9' }, IFD3: { GPSLatitude: '48/1 51/1 24/1' } })
    .toBuffer();
const logoPng = () => sharp({ create: { width: 300, height: 300, channels: 4, background: '#7c3aed' } }).png().toBuffer();
const TEXT_AS_PNG = Buffer.from('These are my notes, saved as notes.png by mistake.\n');

interface Store {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** PUTs the bytes to the upload URL the API gave, as the dashboard's uploader does. */
  put(client: Agent, uploadURL: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads a stored image by the address the page shows. */
  get(app: INestApplication, url: string): Promise<{ status: number; contentType: string | null; cacheControl: string | null; body: Buffer }>;
}


const localDisk = (): Store => {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-thumbnails-'));
  return {
    name: 'local disk',
    async setUp() {
      for (const name of S3_ENV) delete process.env[name];
      process.env.OBJECTS_DIR = dir;
    },
    async tearDown() {
      rmSync(dir, { recursive: true, force: true });
    },
    async put(client, uploadURL, body, contentType) {
      const url = new URL(uploadURL);
      await client.put(url.pathname + url.search).set('Content-Type', contentType).send(body).expect(200);
    },
    async get(app, url) {
      const answer = await agent(app)
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.alloc(0);
      return { status: answer.status, contentType: answer.headers['content-type'] ?? null, cacheControl: answer.headers['cache-control'] ?? null, body };
    },
  };
};

const s3 = (): Store => {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-thumbnails-s3-'));
  let server: S3rverInstance;
  return {
    name: 'S3 (s3rver)',
    async setUp() {
      server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
      const { port } = await server.run();
      for (const name of S3_ENV) delete process.env[name];
      Object.assign(process.env, {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    },
    async tearDown() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async put(_client, uploadURL, body, contentType) {
      const answer = await fetch(uploadURL, { method: 'PUT', headers: { 'Content-Type': contentType }, body });
      expect(answer.status).toBe(200);
    },
    async get(_app, url) {
      const answer = await fetch(url);
      return {
        status: answer.status,
        contentType: answer.headers.get('content-type'),
        cacheControl: answer.headers.get('cache-control'),
        body: Buffer.from(await answer.arrayBuffer()),
      };
    },
  };
};

describe.each([localDisk(), s3()])('link thumbnails ($name)', (store) => {
  let app: INestApplication;

  beforeAll(async () => {
    await store.setUp();
    app = await startApp();
  });

  afterAll(async () => {
    await app.close();
    await store.tearDown();
    for (const name of S3_ENV) delete process.env[name];
  });

  const addLink = async (client: Agent, title = 'My shop') =>
    (await client.post('/api/links').send({ title, url: 'https://shop.example.com' }).expect(201)).body as LinkView;
  const uploaded = async (client: Agent, body: Buffer, contentType: string): Promise<string> => {
    const { uploadURL } = (await client.post('/api/objects/upload').expect(200)).body as { uploadURL: string };
    await store.put(client, uploadURL, body, contentType);
    return uploadURL;
  };

  it.each([
    ['a JPEG photo with EXIF', photoJpeg, 'image/jpeg'],
    ['a PNG', logoPng, 'image/png'],
  ])('makes %s a square WebP at 2× its shown size, on the link, in the list and on the public page', async (_label, make, type) => {
    const { client, details } = await signedInCreator(app);
    const link = await addLink(client);
    const original = await make();

    const answer = await client.put(`/api/links/${link.id}/thumbnail`).send({ thumbnailURL: await uploaded(client, original, type) });

    expect(answer.status).toBe(200);
    const thumbnail = (answer.body as LinkView).thumbnail!;
    expect(answer.body).toMatchObject({ id: link.id, title: 'My shop', clicks: 0 });
    expect(thumbnail).toMatch(/\/users\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.webp$/);
    const served = await store.get(app, thumbnail);
    expect(served).toMatchObject({ status: 200, contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: THUMBNAIL_PIXELS, height: THUMBNAIL_PIXELS });
    expect(THUMBNAIL_PIXELS).toBe(88);
    expect(meta.exif).toBeUndefined();
    expect(served.body.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(served.body.length).toBeLessThan(original.length);

    const list = (await client.get('/api/links').expect(200)).body as LinkView[];
    expect(list.find((item) => item.id === link.id)?.thumbnail).toBe(thumbnail);
    const profile = await agent(app).get(`/api/users/${details.username}`).expect(200);
    expect(profile.body.links).toEqual([expect.objectContaining({ id: link.id, thumbnail })]);
    const page = await agent(app).get(`/${details.username}`).expect(200);
    const escaped = thumbnail.replaceAll('&', '&amp;');
    expect(page.text).toMatch(new RegExp(`<img[^>]*src="${escaped.replace(/[.?]/g, '\\$&')}"[^>]*>`));
    const img = page.text.match(/<img[^>]*class="thumb"[^>]*>/)?.[0] ?? '';
    expect(img).toContain('width="44"');
    expect(img).toContain('height="44"');
    expect(img).toContain('alt=""');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('decoding="async"');
  });

  it('refuses a text file named .png with the server’s message, and the link keeps its icon', async () => {
    const { client } = await signedInCreator(app);
    const link = await addLink(client);

    const answer = await client.put(`/api/links/${link.id}/thumbnail`).send({ thumbnailURL: await uploaded(client, TEXT_AS_PNG, 'image/png') });

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ statusCode: 400, message: Messages.unsupportedImage });
    expect(((await client.get('/api/links').expect(200)).body as LinkView[])[0]!.thumbnail).toBeNull();
  });

  it('answers 404 for another creator’s link and leaves it alone', async () => {
    const alice = await signedInCreator(app);
    const bob = await signedInCreator(app);
    const bobsLink = await addLink(bob.client, 'Bob’s');
    const url = await uploaded(alice.client, await logoPng(), 'image/png');

    const set = await alice.client.put(`/api/links/${bobsLink.id}/thumbnail`).send({ thumbnailURL: url });
    expect(set.status).toBe(404);
    expect(set.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
    const removed = await alice.client.delete(`/api/links/${bobsLink.id}/thumbnail`);
    expect(removed.body).toEqual({ statusCode: 404, message: Messages.linkNotFound });
    await alice.client.put('/api/links/not-a-uuid/thumbnail').send({ thumbnailURL: url }).expect(404);
    expect(((await bob.client.get('/api/links').expect(200)).body as LinkView[])[0]!.thumbnail).toBeNull();
    // Alice's upload was not used up: it can still become her own link's thumbnail.
    const mine = await addLink(alice.client);
    await alice.client.put(`/api/links/${mine.id}/thumbnail`).send({ thumbnailURL: url }).expect(200);
  });

  it('deletes the old file when the thumbnail is replaced, removed, or its link deleted', async () => {
    const { client, details } = await signedInCreator(app);
    const link = await addLink(client);
    const set = async () =>
      ((await client.put(`/api/links/${link.id}/thumbnail`).send({ thumbnailURL: await uploaded(client, await logoPng(), 'image/png') }).expect(200))
        .body as LinkView).thumbnail!;
    const first = await set();
    const second = await set();
    expect((await store.get(app, first)).status).toBe(404);
    expect((await store.get(app, second)).status).toBe(200);

    const removed = await client.delete(`/api/links/${link.id}/thumbnail`).expect(200);
    expect((removed.body as LinkView).thumbnail).toBeNull();
    expect((await store.get(app, second)).status).toBe(404);
    const page = await agent(app).get(`/${details.username}`).expect(200);
    expect(page.text).not.toContain('class="thumb"');

    const third = await set();
    await client.delete(`/api/links/${link.id}`).expect(200);
    expect((await store.get(app, third)).status).toBe(404);
  });

  it('deleting the account deletes its links’ thumbnails', async () => {
    const { client, details } = await signedInCreator(app);
    const link = await addLink(client);
    const thumbnailURL = await uploaded(client, await logoPng(), 'image/png');
    const thumbnail = ((await client.put(`/api/links/${link.id}/thumbnail`).send({ thumbnailURL }).expect(200)).body as LinkView).thumbnail!;
    expect((await store.get(app, thumbnail)).status).toBe(200);

    await client.delete('/api/users/me').send({ password: details.password }).expect(200);

    expect((await store.get(app, thumbnail)).status).toBe(404);
  });

  it('needs a signed-in creator and an address', async () => {
    const { client } = await signedInCreator(app);
    const link = await addLink(client);
    expect((await agent(app).put(`/api/links/${link.id}/thumbnail`).send({ thumbnailURL: '/objects/x' })).status).toBe(401);
    expect((await agent(app).delete(`/api/links/${link.id}/thumbnail`)).status).toBe(401);
    const missing = await client.put(`/api/links/${link.id}/thumbnail`).send({});
    expect(missing.body).toEqual({ statusCode: 400, message: Messages.invalidImageURL, errors: [Messages.invalidImageURL] });
  });
});
