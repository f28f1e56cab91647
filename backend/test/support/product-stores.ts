import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { ProductView } from '@linkbio/shared-contracts';
import type { Agent } from './harness.js';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const S3_ENV = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'OBJECTS_DIR'];

/** An object store the API is started on: the local disk or s3rver. */
export interface ProductStore {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** PUTs the bytes to the upload URL the API gave, as the dashboard's uploader does. */
  put(client: Agent, uploadURL: string, body: Buffer): Promise<number>;
}

export const localDisk = (): ProductStore => {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-products-'));
  return {
    name: 'local disk',
    async setUp() {
      for (const name of S3_ENV) delete process.env[name];
      process.env.OBJECTS_DIR = dir;
    },
    async tearDown() {
      rmSync(dir, { recursive: true, force: true });
    },
    async put(client, uploadURL, body) {
      const url = new URL(uploadURL);
      return (await client.put(url.pathname + url.search).send(body)).status;
    },
  };
};

export const s3Store = (bucket: string): ProductStore => {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-products-s3-'));
  let server: S3rverInstance;
  return {
    name: 'S3 (s3rver)',
    async setUp() {
      server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
      const { port } = await server.run();
      for (const name of S3_ENV) delete process.env[name];
      Object.assign(process.env, {
        S3_BUCKET: bucket,
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
    async put(_client, uploadURL, body) {
      return (await fetch(uploadURL, { method: 'PUT', body })).status;
    },
  };
};

/** Uploads a product's file through the upload path (purpose product-file) and answers the upload URL. */
export async function uploadedFile(store: ProductStore, client: Agent, body: Buffer): Promise<string> {
  const { uploadURL } = (await client.post('/api/objects/upload').send({ purpose: 'product-file', size: body.length }).expect(200)).body as {
    uploadURL: string;
  };
  const status = await store.put(client, uploadURL, body);
  if (status !== 200) throw new Error(`The upload answered ${status}`);
  return uploadURL;
}

export async function addProduct(client: Agent, body: Record<string, unknown>): Promise<ProductView> {
  const answer = await client.post('/api/products').send(body);
  if (answer.status !== 201) throw new Error(`POST /api/products answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as ProductView;
}

/** The bytes of a GET, whatever its type. */
export async function download(app: INestApplication, client: Agent, path: string) {
  void app;
  const answer = await client
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { status: answer.status, headers: answer.headers as Record<string, string>, body: Buffer.isBuffer(answer.body) ? answer.body : Buffer.alloc(0) };
}
