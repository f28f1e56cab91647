import { Injectable, Logger } from '@nestjs/common';
import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES, Messages, SeoMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { UserRepository } from '../../identity/application/ports/user.repository.js';
import { userNotFound } from '../../identity/domain/identity.errors.js';
import type { User } from '../../identity/domain/user.js';
import { SNIFF_BYTES, sniffImageType } from '../domain/image-type.js';
import { imageKeyOwner, newImageKey } from '../domain/object-keys.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants } from './ports/upload-grants.js';
import { checkUnusedUpload, keyOfImageAddress, type ImageLimits } from './upload-checks.js';

export type ImageSlot = 'avatar' | 'background' | 'share';

const LIMITS: Record<ImageSlot, ImageLimits> = {
  avatar: { maxBytes: AVATAR_MAX_BYTES, tooLarge: Messages.avatarTooLarge },
  background: { maxBytes: BACKGROUND_MAX_BYTES, tooLarge: Messages.backgroundTooLarge },
  share: { maxBytes: BACKGROUND_MAX_BYTES, tooLarge: SeoMessages.shareImageTooLarge },
};

const currentImage = (user: User, slot: ImageSlot): string | null =>
  slot === 'avatar' ? user.avatar : slot === 'background' ? user.backgroundImage : user.seoImage;

export { CHOOSE_GRACE_MS } from './upload-checks.js';

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

  private get uploadParts() {
    return { storage: this.storage, grants: this.grants, clock: this.clock };
  }

  async execute(userId: Id, slot: ImageSlot, url: string, origin: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw userNotFound();
    const key = keyOfImageAddress(this.storage, url, origin);

    const current = currentImage(user, slot);
    if (imageKeyOwner(key) !== null) {
      // The public address of an image already stored: only the creator's current one (nothing changes).
      if (imageKeyOwner(key) !== user.id.toLowerCase()) throw forbidden(Messages.imageNotYours);
      if (current !== this.storage.publicURL(key)) throw invalid(Messages.imageAlreadyUsed);
      return user;
    }
    await checkUnusedUpload(this.uploadParts, user.id, key, LIMITS[slot]);
    const now = this.clock.now();
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
