import { Injectable } from '@nestjs/common';
import { BACKGROUND_MAX_BYTES, Messages, PRODUCT_FILE_MAX_BYTES, type UploadPurpose } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { newUploadKey } from '../domain/object-keys.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';
import { UploadRateLimit } from './ports/upload-rate-limit.js';

/** How long an upload URL accepts its one PUT. */
export const UPLOAD_URL_TTL_MS = 10 * 60 * 1000;

/**
 * Issues a single-use, short-lived upload URL for one image under the creator's own prefix; at most
 * UPLOADS_PER_HOUR an hour per creator, so nobody fills the store with uploads never used.
 */
@Injectable()
export class RequestUploadUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly grants: UploadGrants,
    private readonly rateLimit: UploadRateLimit,
    private readonly clock: Clock,
  ) {}

  async execute(
    userId: Id,
    origin: string,
    file: { contentType?: string; size?: number; purpose?: UploadPurpose } = {},
  ): Promise<string> {
    const wait = await this.rateLimit.consume(userId);
    if (wait !== null) {
      throw new DomainError('too_many', Messages.tooManyUploads(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    }
    const now = this.clock.now();
    const key = newUploadKey(userId);
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
    await this.grants.issue({ key, userId, expiresAt, createdAt: now });
    const { purpose, ...bound } = file;
    // A product's file (issue 27) may be any type its bytes allow, up to PRODUCT_FILE_MAX_BYTES; its type is never bound.
    if (purpose === 'product-file') {
      return this.storage.createUploadURL(key, { expiresAt, maxBytes: PRODUCT_FILE_MAX_BYTES, origin, size: bound.size });
    }
    return this.storage.createUploadURL(key, { expiresAt, maxBytes: BACKGROUND_MAX_BYTES, origin, ...bound });
  }
}
