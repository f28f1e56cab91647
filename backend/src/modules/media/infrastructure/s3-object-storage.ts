import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { type MultipartStart, ObjectStorage, type UploadURLOptions } from '../application/ports/object-storage.js';
import { isObjectKey } from '../domain/object-keys.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a local test server); unset: AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the bucket's objects are public (a CDN or the bucket's public address); unset: the bucket's own URL. */
  publicBaseURL?: string;
  forcePathStyle: boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Objects in an S3 bucket. Upload URLs are presigned PUTs (bound to the type and size when the client told
 * them); checked images are copied to their final key with their real content type and long cache headers.
 */
export class S3ObjectStorage extends ObjectStorage {
  private readonly client: S3Client;
  private readonly bucketURL: string;
  private readonly publicBase: string;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Plain bodies: some S3-compatible servers store the aws-chunked framing of checksummed uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucketURL = bucketURL(settings);
    this.publicBase = trimSlash(settings.publicBaseURL || this.bucketURL);
  }

  async createUploadURL(key: string, options: UploadURLOptions): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((options.expiresAt.getTime() - Date.now()) / 1000));
    const size = options.size !== undefined && options.size <= options.maxBytes ? options.size : undefined;
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.checked(key),
      ContentType: options.contentType,
      ContentLength: size,
    });
    const signableHeaders = new Set(['content-type', ...(size !== undefined ? ['content-length'] : [])]);
    return getSignedUrl(this.client, command, { expiresIn, signableHeaders });
  }

  async startMultipart(key: string, partCount: number, expiresAt: Date): Promise<MultipartStart> {
    const Bucket = this.settings.bucket;
    const Key = this.checked(key);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    if (!UploadId) throw new Error('The store began no multipart upload');
    const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    const partURLs = await Promise.all(
      Array.from({ length: partCount }, (_, index) =>
        getSignedUrl(this.client, new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1 }), { expiresIn }),
      ),
    );
    return { uploadId: UploadId, partURLs };
  }

  async completeMultipart(key: string, uploadId: string, parts: Array<{ partNumber: number; etag: string }>): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.settings.bucket,
        Key: this.checked(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
      }),
    );
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: this.checked(key), UploadId: uploadId }));
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof S3ServiceException && error.name === 'NoSuchUpload')) throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key), Range: `bytes=0-${length - 1}` }),
    );
    const bytes = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    return bytes.subarray(0, length);
  }

  async stream(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    await this.client.send(
      // Keys are never reused (a new image gets a new key): stored images are cached for good, as move() does.
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.checked(key),
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async move(fromKey: string, toKey: string, contentType: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.checked(toKey),
        CopySource: `${this.settings.bucket}/${this.checked(fromKey)}`,
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
    await this.delete(fromKey);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }));
  }

  publicURL(key: string): string {
    return `${this.publicBase}/${this.checked(key)}`;
  }

  keyFromURL(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    const address = `${parsed.origin}${parsed.pathname}`;
    for (const base of [this.publicBase, this.bucketURL]) {
      if (address.startsWith(`${base}/`)) {
        const key = address.slice(base.length + 1);
        return isObjectKey(key) ? key : null;
      }
    }
    return null;
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }

  private checked(key: string): string {
    if (!isObjectKey(key)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
    return key;
  }
}

/** The address of the bucket itself (what presigned URLs start with). */
function bucketURL({ bucket, region, endpoint, forcePathStyle }: S3Settings): string {
  const base = new URL(endpoint || `https://s3.${region}.amazonaws.com`);
  if (forcePathStyle) return `${trimSlash(base.origin + base.pathname)}/${bucket}`;
  return `${base.protocol}//${bucket}.${base.host}${trimSlash(base.pathname)}`;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  }
  return false;
}
