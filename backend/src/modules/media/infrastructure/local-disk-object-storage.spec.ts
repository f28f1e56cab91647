import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { newUploadKey } from '../domain/object-keys.js';
import { objectStorageContract } from '../testing/object-storage.contract.js';
import { imageTypeOfKey } from '../domain/image-type.js';
import { LocalDiskObjectStorage, UploadTooLarge } from './local-disk-object-storage.js';

const root = mkdtempSync(join(tmpdir(), 'linkbio-objects-'));
const storage = new LocalDiskObjectStorage(root, 'a-signing-secret-of-at-least-32-characters');
afterAll(() => rmSync(root, { recursive: true, force: true }));

objectStorageContract('local disk', () => ({
  storage,
  origin: 'http://localhost:3000',
  // What GET /objects/... serves: the file, with the type its key was named after.
  async fetchPublic(url) {
    const key = storage.keyFromURL(url, 'http://localhost:3000');
    if (!key || (await storage.size(key)) === null) return { status: 404, contentType: null, body: Buffer.alloc(0) };
    return { status: 200, contentType: imageTypeOfKey(key), body: await readFile(join(root, key)) };
  },
}));

describe('LocalDiskObjectStorage', () => {
  const user = '0b6f3c1e-8d2a-4f4b-9c1d-2e3f4a5b6c7d';

  it('signs upload URLs with the key and expiry', async () => {
    const key = newUploadKey(user);
    const url = new URL(
      await storage.createUploadURL(key, { expiresAt: new Date(1_900_000_000_000), maxBytes: 10, origin: 'http://h' }),
    );
    expect(url.pathname).toBe(`/objects/${key}`);
    const expires = Number(url.searchParams.get('expires'));
    expect(storage.verifyToken(key, expires, url.searchParams.get('token')!)).toBe(true);
    expect(storage.verifyToken(key, expires + 1, url.searchParams.get('token')!)).toBe(false);
    expect(storage.verifyToken(newUploadKey(user), expires, url.searchParams.get('token')!)).toBe(false);
    expect(storage.verifyToken(key, expires, 'forged')).toBe(false);
  });

  it('stops a streamed body past the limit and keeps nothing', async () => {
    const key = newUploadKey(user);
    const body = Readable.from([Buffer.alloc(6), Buffer.alloc(6)]);
    await expect(storage.write(key, body, 10)).rejects.toBeInstanceOf(UploadTooLarge);
    expect(await storage.size(key)).toBeNull();
  });

  it('takes a body of exactly the limit', async () => {
    const key = newUploadKey(user);
    await storage.write(key, Readable.from([Buffer.alloc(5), Buffer.alloc(5)]), 10);
    expect(await storage.size(key)).toBe(10);
  });

  it('maps only relative or same-host /objects URLs to keys', () => {
    const key = newUploadKey(user);
    expect(storage.keyFromURL(`/objects/${key}`, '')).toBe(key);
    expect(storage.keyFromURL(`http://a.example/objects/${key}`, 'http://a.example')).toBe(key);
    expect(storage.keyFromURL(`http://b.example/objects/${key}`, 'http://a.example')).toBeNull();
    expect(storage.keyFromURL(`//b.example/objects/${key}`, 'http://a.example')).toBeNull();
  });
});
