import { randomUUID } from 'node:crypto';
import { IMAGE_EXTENSIONS, type ImageType } from './image-type.js';

/**
 * Where objects live. An upload goes to `uploads/<userId>/<uuid>` (never served); once the server has
 * checked it, it moves to `users/<userId>/<uuid>.<ext>`, named after its real type, which is served.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOAD_KEY = new RegExp(`^uploads/(${UUID})/${UUID}$`);
const IMAGE_KEY = new RegExp(`^users/(${UUID})/${UUID}\\.(jpg|png|webp|gif)$`);
/** A product's file (issue 27): `files/<userId>/<uuid>`, never served as it is (only through signed downloads). */
const FILE_KEY = new RegExp(`^files/(${UUID})/${UUID}$`);

export const newUploadKey = (userId: string): string => `uploads/${userId.toLowerCase()}/${randomUUID()}`;
export const newImageKey = (userId: string, type: ImageType): string =>
  `users/${userId.toLowerCase()}/${randomUUID()}.${IMAGE_EXTENSIONS[type]}`;

/** The owner of a well-formed upload key; null for anything else (traversal, other shapes). */
export const uploadKeyOwner = (key: string): string | null => UPLOAD_KEY.exec(key)?.[1] ?? null;
/** The owner of a well-formed stored-image key; null for anything else. */
export const imageKeyOwner = (key: string): string | null => IMAGE_KEY.exec(key)?.[1] ?? null;
export const newFileKey = (userId: string): string => `files/${userId.toLowerCase()}/${randomUUID()}`;
/** The owner of a well-formed product-file key; null for anything else. */
export const fileKeyOwner = (key: string): string | null => FILE_KEY.exec(key)?.[1] ?? null;
/** A key any shape allows: safe to join to a folder (no "..", no absolute paths). */
export const isObjectKey = (key: string): boolean => uploadKeyOwner(key) !== null || imageKeyOwner(key) !== null || fileKeyOwner(key) !== null;
