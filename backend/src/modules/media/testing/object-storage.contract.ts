import { randomUUID } from 'node:crypto';
import type { ObjectStorage } from '../application/ports/object-storage.js';
import { newImageKey, newUploadKey } from '../domain/object-keys.js';

export interface ObjectStorageFixture {
  storage: ObjectStorage;
  /** The origin requests come to (the local store's upload URLs point at it). */
  origin: string;
  /** Reads a stored image through its public URL: status, content type and bytes. */
  fetchPublic(url: string): Promise<{ status: number; contentType: string | null; body: Buffer }>;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** The behaviour every ObjectStorage adapter shares; run by each adapter's own spec. */
export function objectStorageContract(name: string, setup: () => ObjectStorageFixture) {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    let fixture: ObjectStorageFixture;
    const user = randomUUID();
    beforeAll(() => {
      fixture = setup();
      storage = fixture.storage;
    });

    it('stores an object and tells its size and first bytes', async () => {
      const key = newUploadKey(user);
      await storage.put(key, PNG, 'image/png');
      expect(await storage.size(key)).toBe(PNG.length);
      expect(Buffer.from(await storage.readStart(key, 8))).toEqual(PNG.subarray(0, 8));
      expect(Buffer.from(await storage.readStart(key, 1000))).toEqual(PNG);
    });

    it('tells that a missing object is missing', async () => {
      expect(await storage.size(newUploadKey(user))).toBeNull();
    });

    it('moves an object to its final key, served with its content type', async () => {
      const from = newUploadKey(user);
      const to = newImageKey(user, 'image/png');
      await storage.put(from, PNG, 'application/octet-stream');
      await storage.move(from, to, 'image/png');
      expect(await storage.size(from)).toBeNull();
      expect(await storage.size(to)).toBe(PNG.length);
      const served = await fixture.fetchPublic(storage.publicURL(to));
      expect(served).toEqual({ status: 200, contentType: 'image/png', body: PNG });
    });

    it('deletes an object, and deleting a missing one is no error', async () => {
      const key = newImageKey(user, 'image/gif');
      await storage.put(key, Buffer.from('GIF89a'), 'image/gif');
      await storage.delete(key);
      expect(await storage.size(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('maps its own public and upload URLs back to their keys', async () => {
      const image = newImageKey(user, 'image/webp');
      expect(storage.keyFromURL(storage.publicURL(image), fixture.origin)).toBe(image);
      const upload = newUploadKey(user);
      const uploadURL = await storage.createUploadURL(upload, {
        expiresAt: new Date(Date.now() + 60_000),
        maxBytes: 1024,
        origin: fixture.origin,
      });
      expect(storage.keyFromURL(uploadURL, fixture.origin)).toBe(upload);
      expect(storage.keyFromURL(uploadURL.split('?')[0]!, fixture.origin)).toBe(upload);
    });

    it.each([
      ['a foreign address', (key: string) => `https://elsewhere.example/objects/${key}`],
      ['a path outside the product', () => 'https://elsewhere.example/avatar.png'],
      ['not a URL', () => 'javascript:alert(1)'],
    ])('maps %s to no key', (_label, make) => {
      expect(storage.keyFromURL(make(newUploadKey(user)), fixture.origin)).toBeNull();
    });

    it('refuses keys outside the layout (path traversal)', async () => {
      await expect(storage.put('uploads/../../escape', PNG, 'image/png')).rejects.toThrow(/Not an object key/);
      await expect(storage.size(`users/${user}/../../x.png`)).rejects.toThrow(/Not an object key/);
    });
  });
}
