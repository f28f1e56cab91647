import { Messages } from '@linkbio/shared-contracts';
import type { Clock } from '../../../shared/clock.js';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { uploadKeyOwner } from '../domain/object-keys.js';
import type { ObjectStorage } from './ports/object-storage.js';
import type { UploadGrants } from './ports/upload-grants.js';

/** How long after its upload URL expires an uploaded image can still be chosen. */
export const CHOOSE_GRACE_MS = 60 * 60 * 1000;

export interface ImageLimits {
  maxBytes: number;
  /** The message for a file over maxBytes. */
  tooLarge: string;
}

/**
 * The stored object an address a creator gave names. Raw traversal or encoded separators in the path never
 * reach URL parsing (which would resolve ".."); the query names no key, and a presigned S3 URL's holds encoded
 * slashes (X-Amz-Credential=…%2F…).
 */
export function keyOfImageAddress(storage: ObjectStorage, url: string, origin: string): string {
  if (/\.\.|%2e|%2f|%5c|\\/i.test(url.split(/[?#]/, 1)[0]!)) throw invalid(Messages.imageNotFromUs);
  const key = storage.keyFromURL(url, origin);
  if (key === null) throw invalid(Messages.imageNotFromUs);
  return key;
}

/**
 * The checks every use of an upload makes (decisions.md, Uploads): an upload key under the creator's own prefix,
 * from an upload URL issued to them, not used before nor expired past the grace, whose PUT arrived, within the
 * size limit. Answers its size; its bytes are the caller's to check.
 */
export async function checkUnusedUpload(
  parts: { storage: ObjectStorage; grants: UploadGrants; clock: Clock },
  userId: Id,
  key: string,
  limits: ImageLimits,
): Promise<number> {
  const owner = uploadKeyOwner(key);
  if (owner === null) throw invalid(Messages.imageNotFromUs);
  if (owner !== userId.toLowerCase()) throw forbidden(Messages.imageNotYours);
  const grant = await parts.grants.find(key);
  if (!grant || grant.userId.toLowerCase() !== owner) throw forbidden(Messages.imageNotYours);
  if (grant.consumedAt) throw invalid(Messages.imageAlreadyUsed);
  if (grant.expiresAt.getTime() + CHOOSE_GRACE_MS < parts.clock.now().getTime()) throw invalid(Messages.uploadLinkExpired);

  const size = await parts.storage.size(key);
  if (size === null || size === 0) throw invalid(Messages.imageMissing);
  if (size > limits.maxBytes) throw invalid(limits.tooLarge);
  return size;
}
