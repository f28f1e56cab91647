import { Injectable, Logger } from '@nestjs/common';
import { Messages, PRODUCT_COVER_MAX_BYTES, PRODUCT_COVER_PIXELS, PRODUCT_FILE_MAX_BYTES, ProductMessages } from '@linkbio/shared-contracts';
import { DomainError, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { FileUploads, type PendingFileUpload } from '../../media/application/ports/file-uploads.js';
import { ImageResizer, type ResizedImage } from '../../media/application/ports/image-resizer.js';
import { ImageUploads, type PendingImageUpload } from '../../media/application/ports/image-uploads.js';
import { ObjectStorage } from '../../media/application/ports/object-storage.js';
import { newImageKey } from '../../media/domain/object-keys.js';
import { downloadName, type ProductFileType, sniffProductFile } from '../domain/product-file-type.js';
import type { Product, ProductFile } from '../domain/product.js';

/** A cover checked and made, not yet stored. */
export interface CheckedCover {
  upload: PendingImageUpload;
  image: ResizedImage;
}

/** A file checked (size and type from its bytes), not yet kept. */
export interface CheckedFile {
  upload: PendingFileUpload;
  type: ProductFileType;
  name: string;
}

/**
 * A product's cover and file, through media's upload path: everything is checked first (so a refused request
 * changes nothing), then stored; files a product no longer uses are deleted (best effort, logged).
 */
@Injectable()
export class ProductAssets {
  private readonly logger = new Logger('Products');

  constructor(
    private readonly images: ImageUploads,
    private readonly files: FileUploads,
    private readonly resizer: ImageResizer,
    private readonly storage: ObjectStorage,
  ) {}

  async checkCover(userId: Id, url: string, origin: string): Promise<CheckedCover> {
    const upload = await this.images.open(userId, url, origin, { maxBytes: PRODUCT_COVER_MAX_BYTES, tooLarge: ProductMessages.coverTooLarge });
    const image = await this.resizer.squareWebp(upload.bytes, PRODUCT_COVER_PIXELS);
    if (image === null) throw invalid(Messages.unsupportedImage);
    return { upload, image };
  }

  async checkFile(userId: Id, url: string, fileName: string | undefined, origin: string): Promise<CheckedFile> {
    const upload = await this.files
      .open(userId, url, origin, { maxBytes: PRODUCT_FILE_MAX_BYTES, tooLarge: ProductMessages.fileTooLarge })
      .catch((error: unknown) => {
        throw inFileWords(error);
      });
    const verdict = sniffProductFile(upload.head, fileName ?? '');
    if (!verdict.ok) throw invalid(verdict.reason === 'dangerous' ? ProductMessages.fileTypeDangerous : ProductMessages.fileTypeRefused);
    return { upload, type: verdict.type, name: downloadName(fileName ?? '', verdict.type) };
  }

  /** Stores the cover (the upload itself is deleted) and answers its key. */
  async storeCover(userId: Id, cover: CheckedCover): Promise<string> {
    await this.images.take(cover.upload.key);
    const key = newImageKey(userId, 'image/webp');
    await this.storage.put(key, cover.image.bytes, cover.image.contentType);
    return key;
  }

  async keepFile(userId: Id, file: CheckedFile): Promise<ProductFile> {
    const key = await this.files.keep(userId, file.upload.key, file.type.contentType).catch((error: unknown) => {
      throw inFileWords(error);
    });
    return { key, name: file.name, contentType: file.type.contentType, size: file.upload.size };
  }

  /** Deletes the stored objects of `before` that `after` no longer uses (all of them when `after` is null). */
  async release(before: Pick<Product, 'coverKey' | 'file'>, after: Pick<Product, 'coverKey' | 'file'> | null): Promise<void> {
    const keys = [before.coverKey, before.file?.key].filter(
      (key): key is string => key !== null && key !== undefined && key !== after?.coverKey && key !== after?.file?.key,
    );
    await Promise.all(keys.map((key) => this.delete(key)));
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn(`Could not delete ${key}: ${String(error)}`));
  }
}

/** The upload checks' messages speak of images (they were the avatar's first): a product's file is a file. */
const FILE_WORDS: Record<string, string> = {
  [Messages.imageNotFromUs]: ProductMessages.fileURLInvalid,
  [Messages.imageNotYours]: ProductMessages.fileNotYours,
  [Messages.imageMissing]: ProductMessages.fileMissing,
  [Messages.imageAlreadyUsed]: ProductMessages.fileAlreadyUsed,
};

function inFileWords(error: unknown): unknown {
  const message = error instanceof DomainError ? FILE_WORDS[error.message] : undefined;
  return message && error instanceof DomainError ? new DomainError(error.kind, message, error.details) : error;
}
