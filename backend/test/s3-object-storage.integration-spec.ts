import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUploadKey } from '../src/modules/media/domain/object-keys.js';
import { S3ObjectStorage } from '../src/modules/media/infrastructure/s3-object-storage.js';
import { objectStorageContract } from '../src/modules/media/testing/object-storage.contract.js';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'linkbio-test';
const directory = mkdtempSync(join(tmpdir(), 'linkbio-s3rver-'));
let server: S3rverInstance;
let storage: S3ObjectStorage;
let endpoint: string;

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = new S3ObjectStorage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});

afterAll(async () => {
  storage.destroy();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

async function fetchPublic(url: string) {
  const response = await fetch(url);
  return { status: response.status, contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

objectStorageContract('S3 (s3rver)', () => ({
  get storage() {
    return storage;
  },
  origin: 'http://localhost:3000',
  fetchPublic,
}));

describe('S3ObjectStorage presigned uploads', () => {
  const user = randomUUID();
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex');

  it('accepts one PUT of the file at the presigned URL', async () => {
    const key = newUploadKey(user);
    const url = await storage.createUploadURL(key, {
      expiresAt: new Date(Date.now() + 600_000),
      maxBytes: 5_242_880,
      origin: 'http://localhost:3000',
    });
    expect(url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    const put = await fetch(url, { method: 'PUT', body: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(await storage.size(key)).toBe(PNG.length);
    expect(Buffer.from(await storage.readStart(key, 8))).toEqual(PNG.subarray(0, 8));
  });

  it('binds the URL to the type and size the client told', async () => {
    const key = newUploadKey(user);
    const url = await storage.createUploadURL(key, {
      expiresAt: new Date(Date.now() + 600_000),
      maxBytes: 5_242_880,
      origin: 'http://localhost:3000',
      contentType: 'image/png',
      size: PNG.length,
    });
    // S3 refuses a PUT whose signed headers differ; s3rver checks expiry but not signatures, so this checks
    // what the URL is bound to.
    const signed = new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
    const put = await fetch(url, { method: 'PUT', body: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(await storage.size(key)).toBe(PNG.length);
  });

  it('refuses an expired URL', async () => {
    const key = newUploadKey(user);
    const url = await storage.createUploadURL(key, {
      expiresAt: new Date(Date.now() + 1000),
      maxBytes: 5_242_880,
      origin: 'http://localhost:3000',
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const put = await fetch(url, { method: 'PUT', body: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(put.status).toBe(403);
    expect(await storage.size(key)).toBeNull();
  });

  it('uses the public base URL when one is set', () => {
    const cdn = new S3ObjectStorage({ bucket: BUCKET, region: 'auto', endpoint, forcePathStyle: true, publicBaseURL: 'https://img.example/' });
    const key = `users/${user}/${randomUUID()}.png`;
    expect(cdn.publicURL(key)).toBe(`https://img.example/${key}`);
    expect(cdn.keyFromURL(`https://img.example/${key}`)).toBe(key);
    expect(cdn.keyFromURL(`${endpoint}/${BUCKET}/${key}?X-Amz-Signature=x`)).toBe(key);
    expect(cdn.keyFromURL(`https://evil.example/${key}`)).toBeNull();
    cdn.destroy();
  });
});
