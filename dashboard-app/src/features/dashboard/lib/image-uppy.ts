import Uppy, { type UploadResult } from '@uppy/core';
import XHRUpload from '@uppy/xhr-upload';

/** JPEG, PNG, WebP and GIF (decisions.md, Uploads); the server checks the bytes again. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Each file remembers the address it was PUT to: that is the URL the product stores afterwards. */
export type ImageMeta = { uploadURL?: string } & Record<string, unknown>;
export type ImageBody = Record<string, never>;
export type ImageUppy = Uppy<ImageMeta, ImageBody>;

interface ImageUppyOptions {
  id: string;
  /** Largest accepted file, in bytes. */
  maxFileSize: number;
  /** Asks the API for a fresh single-use upload address (POST /api/objects/upload). */
  getUploadURL: (file: { contentType?: string; size?: number }) => Promise<string>;
}

/**
 * One image, of the accepted types, at most `maxFileSize` bytes, sent with a plain PUT of its bytes to an
 * address the API hands out for it (spec §7: "the widget then sends the file to it with PUT").
 */
export function createImageUppy({ id, maxFileSize, getUploadURL }: ImageUppyOptions): ImageUppy {
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
  return uppy;
}

/** The address the one image went to, or null when the upload did not succeed. */
export function uploadedURL(result: UploadResult<ImageMeta, ImageBody> | undefined): string | null {
  if (!result || (result.failed?.length ?? 0) > 0) return null;
  const url = result.successful?.[0]?.meta.uploadURL;
  return typeof url === 'string' && url ? url : null;
}
