import Uppy, { type UploadResult } from '@uppy/core';
import XHRUpload from '@uppy/xhr-upload';
import { ApiError } from '@/lib/api-client';

/** JPEG, PNG, WebP and GIF (decisions.md, Uploads); the server checks the bytes again. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/**
 * Each file remembers the address it was PUT to (the URL the product stores afterwards) and, when the server
 * refused to use it, the server's own message.
 */
export type ImageMeta = { uploadURL?: string; refusal?: string } & Record<string, unknown>;
export type ImageBody = Record<string, never>;
export type ImageUppy = Uppy<ImageMeta, ImageBody>;

interface ImageUppyOptions {
  id: string;
  /** Largest accepted file, in bytes. */
  maxFileSize: number;
  /** Asks the API for a fresh single-use upload address (POST /api/objects/upload). */
  getUploadURL: (file: { contentType?: string; size?: number }) => Promise<string>;
  /**
   * Has the product use the uploaded file (PUT /api/avatar-images…), as the upload's last step: the file is
   * complete only once this resolves, and failed, with the server's message, when it rejects.
   */
  save?: (uploadURL: string) => Promise<unknown>;
}

/**
 * One image, of the accepted types, at most `maxFileSize` bytes, sent with a plain PUT of its bytes to an
 * address the API hands out for it (spec §7: "the widget then sends the file to it with PUT").
 */
export function createImageUppy({ id, maxFileSize, getUploadURL, save }: ImageUppyOptions): ImageUppy {
  const uppy: ImageUppy = new Uppy<ImageMeta, ImageBody>({
    id,
    autoProceed: false,
    allowMultipleUploadBatches: false,
    restrictions: { maxNumberOfFiles: 1, minNumberOfFiles: 1, maxFileSize, allowedFileTypes: IMAGE_TYPES },
  });
  uppy.use(XHRUpload<ImageMeta, ImageBody>, {
    method: 'PUT',
    formData: false,
    limit: 1,
    headers: (file) => ({ 'Content-Type': file.type || 'application/octet-stream' }),
    // Object stores answer a PUT with an empty body: nothing to read.
    getResponseData: () => ({}),
    endpoint: async (fileOrFiles) => {
      const file = Array.isArray(fileOrFiles) ? fileOrFiles[0] : fileOrFiles;
      try {
        // The type and size bind an S3 upload address to this very file.
        const uploadURL = await getUploadURL({ contentType: file.type || undefined, size: file.size ?? undefined });
        uppy.setFileMeta(file.id, { uploadURL });
        return uploadURL;
      } catch (cause) {
        // XHRUpload reports only failures of the PUT itself; mark the file failed so the upload ends in error.
        const error = cause instanceof Error ? cause : new Error(String(cause));
        uppy.emit('upload-error', uppy.getFile(file.id), { name: error.name, message: error.message });
        throw error;
      }
    },
  });
  // A refused file's message (too large, not an image) is about that file: a file that is accepted clears it.
  uppy.on('file-added', () => {
    if (uppy.getState().info.length > 0) uppy.setState({ info: [] });
  });
  if (save) uppy.addPostProcessor((fileIDs) => saveUploaded(uppy, fileIDs, save));
  return uppy;
}

/**
 * The postprocessing step: the server checks the file's bytes only when asked to use it, so the upload is not
 * complete until it has. A file the server refuses (a text file named .png) ends failed with the server's
 * message, never as 'Upload complete'.
 */
async function saveUploaded(uppy: ImageUppy, fileIDs: string[], save: (uploadURL: string) => Promise<unknown>) {
  for (const id of fileIDs) {
    const file = uppy.getFile(id);
    const url = file?.meta.uploadURL;
    if (!file || file.error || typeof url !== 'string') continue;
    uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: 'Saving...' });
    try {
      await save(url);
      uppy.emit('postprocess-complete', uppy.getFile(id));
    } catch (cause) {
      const refusal = refusalOf(cause);
      if (refusal) uppy.setFileMeta(id, { refusal });
      const message = refusal ?? (cause instanceof Error ? cause.message : String(cause));
      // Out of postprocessing without 'complete' (which Uppy would otherwise give any file still in it).
      const progress = { ...uppy.getFile(id).progress };
      delete progress.postprocess;
      uppy.setFileState(id, { progress });
      uppy.emit('upload-error', uppy.getFile(id), { name: 'SaveError', message });
    }
  }
}

/** The server's own words when it refused the file (a 4xx with a message); null for any other failure. */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  return error.serverMessage;
}

/** The server's message for the one file, when it refused to use it. */
export function refusedMessage(result: UploadResult<ImageMeta, ImageBody> | undefined): string | null {
  const refusal = result?.failed?.[0]?.meta.refusal;
  return typeof refusal === 'string' && refusal ? refusal : null;
}

/** The address the one image went to, or null when the upload did not succeed. */
export function uploadedURL(result: UploadResult<ImageMeta, ImageBody> | undefined): string | null {
  if (!result || (result.failed?.length ?? 0) > 0) return null;
  const url = result.successful?.[0]?.meta.uploadURL;
  return typeof url === 'string' && url ? url : null;
}
