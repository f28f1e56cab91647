import { Readable } from 'node:stream';
import { ObjectStorage, type UploadURLOptions } from '../application/ports/object-storage.js';
import { isObjectKey } from '../domain/object-keys.js';

/** ObjectStorage over a Map, refusing keys outside the layout like the real stores; records every delete. */
export class InMemoryObjectStorage extends ObjectStorage {
  readonly objects = new Map<string, Buffer>();
  readonly contentTypes = new Map<string, string>();
  /** Every key delete() was called with, in order (failed calls included). */
  readonly deleted: string[] = [];
  /** Keys whose delete fails, as a store that is unreachable would. */
  readonly failingDeletes = new Set<string>();

  async createUploadURL(key: string, options: UploadURLOptions): Promise<string> {
    return `${options.origin}/objects/${this.checked(key)}`;
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
    return this.objects.get(this.checked(key))?.length ?? null;
  }

  async readStart(key: string, length: number): Promise<Uint8Array> {
    return (this.objects.get(this.checked(key)) ?? Buffer.alloc(0)).subarray(0, length);
  }

  async stream(key: string): Promise<Readable | null> {
    const body = this.objects.get(this.checked(key));
    return body ? Readable.from([body]) : null;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    if (!Buffer.isBuffer(body)) throw new Error('InMemoryObjectStorage takes buffers only');
    this.objects.set(this.checked(key), body);
    this.contentTypes.set(key, contentType);
  }

  async move(fromKey: string, toKey: string, contentType: string): Promise<void> {
    const body = this.objects.get(this.checked(fromKey));
    if (!body) throw new Error(`No object ${fromKey}`);
    this.objects.set(this.checked(toKey), body);
    this.contentTypes.set(toKey, contentType);
    this.objects.delete(fromKey);
    this.contentTypes.delete(fromKey);
  }

  async delete(key: string): Promise<void> {
    this.deleted.push(key);
    // A tick, as a real store takes: concurrent sweeps interleave here.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failingDeletes.has(key)) throw new Error(`Store unavailable for ${key}`);
    this.objects.delete(this.checked(key));
    this.contentTypes.delete(key);
  }

  publicURL(key: string): string {
    return `/objects/${this.checked(key)}`;
  }

  keyFromURL(url: string): string | null {
    const key = new URL(url, 'http://relative.invalid').pathname.replace(/^\/objects\//, '');
    return isObjectKey(key) ? key : null;
  }

  private checked(key: string): string {
    if (!isObjectKey(key)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    return key;
  }
}
