import { Injectable } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { newFileKey } from '../domain/object-keys.js';
import { FILE_HEAD_BYTES, FileUploads, type PendingFileUpload } from './ports/file-uploads.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';
import { checkUnusedUpload, keyOfImageAddress, type ImageLimits } from './upload-checks.js';

/** FileUploads with the same checks as an image's upload (upload-checks.ts); the caller tells the type from `head`. */
@Injectable()
export class CheckedFileUploads extends FileUploads {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly grants: UploadGrants,
    private readonly clock: Clock,
  ) {
    super();
  }

  async open(userId: Id, url: string, origin: string, limits: ImageLimits): Promise<PendingFileUpload> {
    const key = keyOfImageAddress(this.storage, url, origin);
    const size = await checkUnusedUpload({ storage: this.storage, grants: this.grants, clock: this.clock }, userId, key, limits);
    const head = Buffer.from(await this.storage.readStart(key, Math.min(size, FILE_HEAD_BYTES)));
    return { key, size, head };
  }

  async keep(userId: Id, key: string, contentType: string): Promise<string> {
    if (!(await this.grants.markConsumed(key, this.clock.now()))) throw invalid(Messages.imageAlreadyUsed);
    const kept = newFileKey(userId);
    await this.storage.move(key, kept, contentType);
    return kept;
  }
}
