import { Injectable, Logger } from '@nestjs/common';
import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES, Messages, SeoMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { UserRepository } from '../../identity/application/ports/user.repository.js';
import { userNotFound } from '../../identity/domain/identity.errors.js';
import type { User } from '../../identity/domain/user.js';
import { SNIFF_BYTES, sniffImageType } from '../domain/image-type.js';
import { imageKeyOwner, newImageKey, uploadKeyOwner } from '../domain/object-keys.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';

export type ImageSlot = 'avatar' | 'background' | 'share';

const LIMITS: Record<ImageSlot, { maxBytes: number; tooLarge: string }> = {
  avatar: { maxBytes: AVATAR_MAX_BYTES, tooLarge: Messages.avatarTooLarge },
  background: { maxBytes: BACKGROUND_MAX_BYTES, tooLarge: Messages.backgroundTooLarge },
  share: { maxBytes: BACKGROUND_MAX_BYTES, tooLarge: SeoMessages.shareImageTooLarge },
};

const currentImage = (user: User, slot: ImageSlot): string | null =>
  slot === 'avatar' ? user.avatar : slot === 'background' ? user.backgroundImage : user.seoImage;

/** How long after its upload URL expires an uploaded image can still be chosen. */
export const CHOOSE_GRACE_MS = 60 * 60 * 1000;

/**
 * Makes an uploaded image the creator's avatar or background: only an object this product stored under the
 * creator's own prefix, from an upload URL issued to them and not used before, of an accepted size and a real
 * JPEG, PNG, WebP or GIF. The checked image moves to a key named after its type; the image it replaces is
 * deleted once the profile is saved.
 */
@Injectable()
export class ChangeImageUseCase {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly storage: ObjectStorage,
    private readonly grants: UploadGrants,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(userId: Id, slot: ImageSlot, url: string, origin: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw userNotFound();
    // Raw traversal or encoded separators in the path never reach URL parsing (which would resolve ".."). The
    // query names no key, and a presigned S3 URL's holds encoded slashes (X-Amz-Credential=…%2F…).
    if (/\.\.|%2e|%2f|%5c|\\/i.test(url.split(/[?#]/, 1)[0]!)) throw invalid(Messages.imageNotFromUs);
    const key = this.storage.keyFromURL(url, origin);
    if (key === null) throw invalid(Messages.imageNotFromUs);

    const current = currentImage(user, slot);
    if (imageKeyOwner(key) !== null) {
      // The public address of an image already stored: only the creator's current one (nothing changes).
      if (imageKeyOwner(key) !== user.id.toLowerCase()) throw forbidden(Messages.imageNotYours);
      if (current !== this.storage.publicURL(key)) throw invalid(Messages.imageAlreadyUsed);
      return user;
    }
    const owner = uploadKeyOwner(key);
    if (owner === null) throw invalid(Messages.imageNotFromUs);
    if (owner !== user.id.toLowerCase()) throw forbidden(Messages.imageNotYours);
    const grant = await this.grants.find(key);
    if (!grant || grant.userId.toLowerCase() !== owner) throw forbidden(Messages.imageNotYours);
    if (grant.consumedAt) throw invalid(Messages.imageAlreadyUsed);
    const now = this.clock.now();
    if (grant.expiresAt.getTime() + CHOOSE_GRACE_MS < now.getTime()) throw invalid(Messages.uploadLinkExpired);

    const size = await this.storage.size(key);
    if (size === null || size === 0) throw invalid(Messages.imageMissing);
    const { maxBytes, tooLarge } = LIMITS[slot];
    if (size > maxBytes) throw invalid(tooLarge);
    const type = sniffImageType(await this.storage.readStart(key, SNIFF_BYTES));
    if (type === null) throw invalid(Messages.unsupportedImage);

    if (!(await this.grants.markConsumed(key, now))) throw invalid(Messages.imageAlreadyUsed);
    const imageKey = newImageKey(user.id, type);
    await this.storage.move(key, imageKey, type);
    const publicURL = this.storage.publicURL(imageKey);
    if (slot === 'avatar') user.changeAvatar(publicURL);
    else if (slot === 'background') user.changeBackgroundImage(publicURL);
    else user.changeShareImage(publicURL);
    user.updatedAt = now;
    try {
      await this.users.save(user);
    } catch (error) {
      await this.storage.delete(imageKey).catch(() => undefined);
      throw error;
    }
    await this.deleteReplaced(current, user);
    return user;
  }

  /** Best effort: the replaced image, when it is one of ours for this creator and no longer shown anywhere. */
  private async deleteReplaced(previous: string | null, user: User): Promise<void> {
    if (!previous || previous === user.avatar || previous === user.backgroundImage || previous === user.seoImage) return;
    const key = this.storage.keyFromURL(previous, '');
    if (key === null || imageKeyOwner(key) !== user.id.toLowerCase()) return;
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn(`Could not delete ${key}: ${String(error)}`));
  }
}
