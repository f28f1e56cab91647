import { Injectable, Logger } from '@nestjs/common';
import { Messages, THUMBNAIL_MAX_BYTES, THUMBNAIL_PIXELS, ThumbnailMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { ImageResizer } from '../../media/application/ports/image-resizer.js';
import { ImageUploads } from '../../media/application/ports/image-uploads.js';
import { ObjectStorage } from '../../media/application/ports/object-storage.js';
import { newImageKey } from '../../media/domain/object-keys.js';
import type { Link } from '../domain/link.js';
import { linkNotFound } from '../domain/links.errors.js';
import { deleteThumbnailFile } from './link-thumbnail-files.js';
import { LinkRepository } from './ports/link.repository.js';

/**
 * Sets or removes a link's thumbnail; anyone else's link is "not found", before any upload is looked at.
 * Setting one takes an uploaded image through the avatar's checks, has the server make a THUMBNAIL_PIXELS
 * square WebP of it (upright, metadata dropped, first frame only), stores that under the creator's prefix and
 * keeps its public address on the link; the image it replaces, and the upload itself, are deleted.
 */
@Injectable()
export class ChangeLinkThumbnailUseCase {
  private readonly logger = new Logger('Links');

  constructor(
    private readonly links: LinkRepository,
    private readonly uploads: ImageUploads,
    private readonly resizer: ImageResizer,
    private readonly storage: ObjectStorage,
    private readonly clock: Clock,
  ) {}

  async set(ownerId: Id, linkId: Id, uploadURL: string, origin: string): Promise<Link> {
    if (!(await this.links.findOwned(ownerId, linkId))) throw linkNotFound();
    const upload = await this.uploads.open(ownerId, uploadURL, origin, {
      maxBytes: THUMBNAIL_MAX_BYTES,
      tooLarge: ThumbnailMessages.thumbnailTooLarge,
    });
    const thumbnail = await this.resizer.squareWebp(upload.bytes, THUMBNAIL_PIXELS);
    if (thumbnail === null) throw invalid(Messages.unsupportedImage);

    await this.uploads.take(upload.key);
    const key = newImageKey(ownerId, 'image/webp');
    await this.storage.put(key, thumbnail.bytes, thumbnail.contentType);
    const url = this.storage.publicURL(key);
    let previous: string | null = null;
    const link = await this.links
      .changeOwned(ownerId, linkId, (stored) => {
        previous = stored.thumbnail;
        stored.thumbnail = url;
        stored.updatedAt = this.clock.now();
      })
      .catch(async (error: unknown) => {
        await this.storage.delete(key).catch(() => undefined);
        throw error;
      });
    if (!link) {
      // Deleted while its thumbnail was being made.
      await this.storage.delete(key).catch(() => undefined);
      throw linkNotFound();
    }
    await deleteThumbnailFile(this.storage, ownerId, previous, this.logger);
    return link;
  }

  /** Back to the family icon; a link without a thumbnail stays as it is. */
  async remove(ownerId: Id, linkId: Id): Promise<Link> {
    let previous: string | null = null;
    const link = await this.links.changeOwned(ownerId, linkId, (stored) => {
      previous = stored.thumbnail;
      if (previous === null) return;
      stored.thumbnail = null;
      stored.updatedAt = this.clock.now();
    });
    if (!link) throw linkNotFound();
    await deleteThumbnailFile(this.storage, ownerId, previous, this.logger);
    return link;
  }
}
