import { Injectable, Logger } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { sniffImageType } from '../domain/image-type.js';
import { uploadKeyOwner } from '../domain/object-keys.js';
import { CHOOSE_GRACE_MS } from './change-image.use-case.js';
import { ImageUploads, type PendingImageUpload } from './ports/image-uploads.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';

/**
 * ImageUploads with the checks ChangeImageUseCase makes of an upload (decisions.md, Uploads): the address is
 * one of our upload URLs, issued to this creator, its PUT arrived, it was not used and has not expired past
 * the grace, and its bytes are an accepted image within the size limit.
 */
@Injectable()
export class CheckedImageUploads extends ImageUploads {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly storage: ObjectStorage,
    private readonly grants: UploadGrants,
    private readonly clock: Clock,
  ) {
    super();
  }

  async open(userId: Id, url: string, origin: string, limits: { maxBytes: number; tooLarge: string }): Promise<PendingImageUpload> {
    // As ChangeImageUseCase: raw traversal or encoded separators in the path never reach URL parsing.
    if (/\.\.|%2e|%2f|%5c|\\/i.test(url.split(/[?#]/, 1)[0]!)) throw invalid(Messages.imageNotFromUs);
    const key = this.storage.keyFromURL(url, origin);
    const owner = key === null ? null : uploadKeyOwner(key);
    if (key === null || owner === null) throw invalid(Messages.imageNotFromUs);
    if (owner !== userId.toLowerCase()) throw forbidden(Messages.imageNotYours);
    const grant = await this.grants.find(key);
    if (!grant || grant.userId.toLowerCase() !== owner) throw forbidden(Messages.imageNotYours);
    if (grant.consumedAt) throw invalid(Messages.imageAlreadyUsed);
    if (grant.expiresAt.getTime() + CHOOSE_GRACE_MS < this.clock.now().getTime()) throw invalid(Messages.uploadLinkExpired);

    const size = await this.storage.size(key);
    if (size === null || size === 0) throw invalid(Messages.imageMissing);
    if (size > limits.maxBytes) throw invalid(limits.tooLarge);
    const bytes = Buffer.from(await this.storage.readStart(key, limits.maxBytes));
    const type = sniffImageType(bytes);
    if (type === null) throw invalid(Messages.unsupportedImage);
    return { key, type, bytes };
  }

  async take(key: string): Promise<void> {
    if (!(await this.grants.markConsumed(key, this.clock.now()))) throw invalid(Messages.imageAlreadyUsed);
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn(`Could not delete ${key}: ${String(error)}`));
  }
}
