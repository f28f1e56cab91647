import type { Id } from '../../../../shared/ids.js';

/** An uploaded file, checked, that its creator has not used yet: its size and its first bytes (to tell its type). */
export interface PendingFileUpload {
  /** The upload's key (`uploads/<user>/<uuid>`). */
  key: string;
  size: number;
  /** Up to FILE_HEAD_BYTES first bytes. */
  head: Buffer;
}

/** How many first bytes `open` reads: enough to tell a file's type. */
export const FILE_HEAD_BYTES = 4096;

/**
 * The creators' uploaded files other than images, for other modules (a product's file, issue 27): the upload
 * checks of decisions.md (an upload URL issued to this creator, its PUT arrived, unused, not expired past its
 * grace, within the size limit), then kept under a key of its own, never served as it is.
 */
export abstract class FileUploads {
  /** The upload behind `url`; otherwise a DomainError with the product's message (`tooLarge` over `maxBytes`). */
  abstract open(userId: Id, url: string, origin: string, limits: { maxBytes: number; tooLarge: string }): Promise<PendingFileUpload>;
  /**
   * Marks the upload used and moves it to a key of its own (`files/<user>/<uuid>`), returned. Throws the
   * 'already used' DomainError when another request took it first.
   */
  abstract keep(userId: Id, key: string, contentType: string): Promise<string>;
}
