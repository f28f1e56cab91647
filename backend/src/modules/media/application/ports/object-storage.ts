import type { Readable } from 'node:stream';

export interface UploadURLOptions {
  expiresAt: Date;
  /** Largest body the URL may carry, in bytes. */
  maxBytes: number;
  /** The origin the request came to (the local adapter answers with an address on it). */
  origin: string;
  /** When the client told them: the URL is bound to this type and exact size where the store can. */
  contentType?: string;
  size?: number;
}

/** A multipart upload begun: its id and one presigned URL per part, in order (part n is `partURLs[n - 1]`). */
export interface MultipartStart {
  uploadId: string;
  partURLs: string[];
}

/**
 * Where uploaded images are kept: S3 (or any S3-compatible store) or a folder on this machine. Keys are
 * checked by the caller (object-keys.ts) before they reach a store.
 */
export abstract class ObjectStorage {
  /** An address that accepts one PUT of one file into `key` until `expiresAt`. */
  abstract createUploadURL(key: string, options: UploadURLOptions): Promise<string>;
  /**
   * Begins a multipart upload of `partCount` parts into `key` (a large product file, issue 27), each part PUT to
   * its own URL until `expiresAt`; null where the store takes one streamed PUT of any size (the local disk).
   */
  abstract startMultipart(key: string, partCount: number, expiresAt: Date): Promise<MultipartStart | null>;
  /** Joins the parts (their numbers and the ETags their PUTs answered) into the object. */
  abstract completeMultipart(key: string, uploadId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<void>;
  /** Drops a multipart upload and the parts it holds; nothing happens when there is none. */
  abstract abortMultipart(key: string, uploadId: string): Promise<void>;
  /** The object's size in bytes, or null when there is no such object. */
  abstract size(key: string): Promise<number | null>;
  /** Up to `length` first bytes of the object (fewer when it is shorter). */
  abstract readStart(key: string, length: number): Promise<Uint8Array>;
  /** The whole object as a stream (a product's file, downloaded through our own route); null when there is none. */
  abstract stream(key: string): Promise<Readable | null>;
  /** Stores bytes under a key (tests and tooling; creators upload through createUploadURL). */
  abstract put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Moves an object to another key, served from then on with `contentType`. */
  abstract move(fromKey: string, toKey: string, contentType: string): Promise<void>;
  /** Deletes the object; nothing happens when there is none. */
  abstract delete(key: string): Promise<void>;
  /** The address pages use to show the object. */
  abstract publicURL(key: string): string;
  /**
   * The key an address of ours (an upload URL, with or without its query, or a public URL) points at;
   * null for any other address. The caller still checks the key's shape and owner.
   */
  abstract keyFromURL(url: string, origin: string): string | null;
}
