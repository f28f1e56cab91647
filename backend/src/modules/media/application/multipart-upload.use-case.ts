import { Injectable, Logger } from '@nestjs/common';
import { Messages, MULTIPART_PART_BYTES, UploadMessages, MULTIPART_THRESHOLD_BYTES, type UploadParametersResponse } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError, forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { newUploadKey, uploadKeyOwner } from '../domain/object-keys.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';
import { UploadRateLimit } from './ports/upload-rate-limit.js';
import { UPLOAD_URL_TTL_MS } from './request-upload.use-case.js';
import { keyOfImageAddress } from './upload-checks.js';

/** A large file's parts may take longer to send than one image: an hour. */
export const MULTIPART_TTL_MS = 6 * UPLOAD_URL_TTL_MS;

/** Whether a product file of this size goes in parts (on a store that has them). */
export const goesInParts = (size: number | undefined): size is number => size !== undefined && size > MULTIPART_THRESHOLD_BYTES;

/**
 * Large product files (issue 27) uploaded to S3 in parts: begun with presigned UploadPart URLs, completed with
 * the parts' ETags (which marks the upload received, as a PUT does), or aborted. Only the creator the upload
 * was issued to may complete or abort it, before it expires.
 */
@Injectable()
export class MultipartUploadUseCase {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly storage: ObjectStorage,
    private readonly grants: UploadGrants,
    private readonly rateLimit: UploadRateLimit,
    private readonly clock: Clock,
  ) {}

  /** Null when the store takes one PUT of any size (the caller issues a plain upload URL then). */
  async start(userId: Id, size: number): Promise<UploadParametersResponse | null> {
    const wait = await this.rateLimit.consume(userId);
    if (wait !== null) throw new DomainError('too_many', Messages.tooManyUploads(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    const now = this.clock.now();
    const key = newUploadKey(userId);
    const expiresAt = new Date(now.getTime() + MULTIPART_TTL_MS);
    const partCount = Math.ceil(size / MULTIPART_PART_BYTES);
    const started = await this.storage.startMultipart(key, partCount, expiresAt);
    if (!started) return null;
    await this.grants.issue({ key, userId, expiresAt, createdAt: now });
    return {
      uploadURL: this.storage.publicURL(key),
      multipart: { uploadId: started.uploadId, partSize: MULTIPART_PART_BYTES, partURLs: started.partURLs },
    };
  }

  async complete(userId: Id, uploadURL: string, uploadId: string, parts: unknown, origin: string): Promise<void> {
    const key = await this.ownUpload(userId, uploadURL, origin);
    const checked = checkedParts(parts);
    try {
      await this.storage.completeMultipart(key, uploadId, checked);
    } catch (error) {
      this.logger.warn(`Could not complete the multipart upload of ${key}: ${String(error)}`);
      throw invalid(UploadMessages.multipartInvalid);
    }
    if (!(await this.grants.markUploaded(key, this.clock.now()))) throw invalid(Messages.uploadLinkUsed);
  }

  async abort(userId: Id, uploadURL: string, uploadId: string, origin: string): Promise<void> {
    await this.storage.abortMultipart(await this.ownUpload(userId, uploadURL, origin), uploadId);
  }

  private async ownUpload(userId: Id, uploadURL: string, origin: string): Promise<string> {
    const key = keyOfImageAddress(this.storage, uploadURL, origin);
    if (uploadKeyOwner(key) !== userId.toLowerCase()) throw forbidden(Messages.imageNotYours);
    const grant = await this.grants.find(key);
    if (!grant || grant.userId.toLowerCase() !== userId.toLowerCase()) throw forbidden(Messages.imageNotYours);
    if (grant.expiresAt.getTime() <= this.clock.now().getTime()) throw invalid(Messages.uploadLinkExpired);
    return key;
  }
}

/** Parts 1, 2, … in order, each with the ETag its PUT answered. */
function checkedParts(parts: unknown): Array<{ partNumber: number; etag: string }> {
  const valid =
    Array.isArray(parts) &&
    parts.length > 0 &&
    parts.every(
      (part: { partNumber?: unknown; etag?: unknown }, index) =>
        typeof part === 'object' && part !== null && part.partNumber === index + 1 && typeof part.etag === 'string' && /^"?[\w-]{1,200}"?$/.test(part.etag),
    );
  if (!valid) throw invalid(UploadMessages.multipartInvalid);
  return parts as Array<{ partNumber: number; etag: string }>;
}
