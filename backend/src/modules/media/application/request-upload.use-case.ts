import { Injectable } from '@nestjs/common';
import { BACKGROUND_MAX_BYTES } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { newUploadKey } from '../domain/object-keys.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';

/** How long an upload URL accepts its one PUT. */
export const UPLOAD_URL_TTL_MS = 10 * 60 * 1000;

/** Issues a single-use, short-lived upload URL for one image under the creator's own prefix. */
@Injectable()
export class RequestUploadUseCase {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly grants: UploadGrants,
    private readonly clock: Clock,
  ) {}

  async execute(userId: Id, origin: string, file: { contentType?: string; size?: number } = {}): Promise<string> {
    const now = this.clock.now();
    const key = newUploadKey(userId);
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
    await this.grants.issue({ key, userId, expiresAt, createdAt: now });
    return this.storage.createUploadURL(key, { expiresAt, maxBytes: BACKGROUND_MAX_BYTES, origin, ...file });
  }
}
