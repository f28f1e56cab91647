import type { Logger } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import type { ObjectStorage } from '../../media/application/ports/object-storage.js';
import { imageKeyOwner } from '../../media/domain/object-keys.js';

/**
 * Best effort: deletes a thumbnail a link no longer shows (replaced, removed, or its link deleted), when it is
 * one of ours under this creator's own prefix; a store that fails is logged, never the creator's problem.
 */
export async function deleteThumbnailFile(storage: ObjectStorage, ownerId: Id, thumbnail: string | null, logger: Logger): Promise<void> {
  if (!thumbnail) return;
  const key = storage.keyFromURL(thumbnail, '');
  if (key === null || imageKeyOwner(key) !== ownerId.toLowerCase()) return;
  await storage.delete(key).catch((error: unknown) => logger.warn(`Could not delete thumbnail ${key}: ${String(error)}`));
}
