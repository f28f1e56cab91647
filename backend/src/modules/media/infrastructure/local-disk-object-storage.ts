import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { ObjectStorage, type UploadURLOptions } from '../application/ports/object-storage.js';
import { isObjectKey } from '../domain/object-keys.js';
import { RotatingHmac } from '../../../shared/rotating-hmac.js';
import { BACKGROUND_MAX_BYTES } from '@linkbio/shared-contracts';

/** The path prefix stored images are served under, on the product's own origin. */
export const OBJECTS_PATH = '/objects';

function hostnameOf(origin: string): string | null {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
}

export class UploadTooLarge extends Error {
  constructor() {
    super('The upload is larger than allowed');
  }
}

/**
 * Objects as files in a folder of this machine (the embedded default), served at /objects. Upload URLs point
 * at the product itself and carry an HMAC of the key and the expiry, checked by LocalObjectsHttp.
 */
export class LocalDiskObjectStorage extends ObjectStorage {
  private readonly root: string;
  private readonly signatures: RotatingHmac;

  /** `signingSecrets`: one, or several newest first while rotating (the newest signs, each verifies). */
  constructor(root: string, signingSecrets: string | readonly string[]) {
    super();
    this.root = resolve(root);
    this.signatures = new RotatingHmac(signingSecrets);
  }

  createUploadURL(key: string, options: UploadURLOptions): Promise<string> {
    const expires = Math.floor(options.expiresAt.getTime() / 1000);
    // A limit above the images' is part of what is signed (a product's file); images keep the plain form.
    const max = options.maxBytes > BACKGROUND_MAX_BYTES ? String(options.maxBytes) : null;
    const signed = max === null ? `${key}\n${expires}` : `${key}\n${expires}\n${max}`;
    const query = new URLSearchParams({ expires: String(expires), ...(max === null ? {} : { max }), token: this.signatures.sign(signed) });
    return Promise.resolve(`${options.origin}${OBJECTS_PATH}/${this.checked(key)}?${query}`);
  }

  /** True when `token` is this store's signature of the key and expiry (the expiry itself is checked by the caller). */
  verifyToken(key: string, expires: number, token: string, maxBytes?: number): boolean {
    return this.signatures.verify(maxBytes === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${maxBytes}`, token);
  }

  /** One streamed PUT takes a file of any size here. */
  async startMultipart(): Promise<null> {
    return null;
  }

  async completeMultipart(): Promise<void> {
    throw new Error('This store takes no multipart uploads');
  }

  async abortMultipart(): Promise<void> {}

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array> {
    const file = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.size(key)) === null ? null : this.read(key);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    await this.write(key, Buffer.isBuffer(body) ? Readable.from([body]) : body, Number.POSITIVE_INFINITY);
  }

  /**
   * Streams a body into `key` (through a temporary file, so a partial body never appears under the key);
   * rejects with UploadTooLarge, keeping nothing, once more than `maxBytes` arrive.
   */
  async write(key: string, body: Readable, maxBytes: number): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > maxBytes ? new UploadTooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const target = this.pathOf(toKey);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.pathOf(fromKey), target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** A stream of the stored file. */
  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  publicURL(key: string): string {
    return `${OBJECTS_PATH}/${this.checked(key)}`;
  }

  keyFromURL(url: string, origin: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://relative.invalid');
    } catch {
      return null;
    }
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
    // An absolute address must name this product's host (its port may differ behind proxies).
    if (absolute && (!origin || parsed.hostname !== hostnameOf(origin) || !/^https?:$/.test(parsed.protocol))) return null;
    if (!parsed.pathname.startsWith(`${OBJECTS_PATH}/`)) return null;
    const key = parsed.pathname.slice(OBJECTS_PATH.length + 1);
    return isObjectKey(key) ? key : null;
  }

  private checked(key: string): string {
    if (!isObjectKey(key)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    return key;
  }

  private pathOf(key: string): string {
    const path = join(this.root, this.checked(key));
    if (!path.startsWith(`${this.root}/`)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    return path;
  }
}
