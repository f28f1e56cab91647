import { Injectable, Logger } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { sniffImageType } from '../domain/image-type.js';
import { ImageUploads, type PendingImageUpload } from './ports/image-uploads.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';
import { checkUnusedUpload, keyOfImageAddress, type ImageLimits } from './upload-checks.js';

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

  private get uploadParts() {
    return { storage: this.storage, grants: this.grants, clock: this.clock };
  }

  async open(userId: Id, url: string, origin: string, limits: ImageLimits): Promise<PendingImageUpload> {
    const key = keyOfImageAddress(this.storage, url, origin);
    await checkUnusedUpload(this.uploadParts, userId, key, limits);
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
