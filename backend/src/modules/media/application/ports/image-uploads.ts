import type { Id } from '../../../../shared/ids.js';
import type { ImageType } from '../../domain/image-type.js';

/** An uploaded file, checked and read, that its creator has not used yet. */
export interface PendingImageUpload {
  /** The upload's key (`uploads/<user>/<uuid>`). */
  key: string;
  /** The type its bytes say it is. */
  type: ImageType;
  bytes: Buffer;
}

/**
 * The creators' uploaded images, for other modules (a link's thumbnail): the same checks as the avatar's
 * (decisions.md, Uploads), one upload used once.
 */
export abstract class ImageUploads {
  /**
   * The upload behind `url`, read: an upload URL this product issued to `userId`, whose one PUT arrived, not
   * used before nor expired past its grace, at most `maxBytes` long and a real JPEG, PNG, WebP or GIF by its
   * bytes. Otherwise a DomainError with the product's message (`tooLarge` for a file over `maxBytes`).
   * Nothing is marked used: `take` does that once the image has been made use of.
   */
  abstract open(userId: Id, url: string, origin: string, limits: { maxBytes: number; tooLarge: string }): Promise<PendingImageUpload>;
  /**
   * Marks the upload used and deletes it from the store (the caller has stored what it made of it).
   * Throws the 'already used' DomainError when another request took it first.
   */
  abstract take(key: string): Promise<void>;
}
