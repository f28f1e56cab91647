import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES } from '@linkbio/shared-contracts';
import { ApiError } from '@/lib/api-client';
import { createImageUppy, IMAGE_TYPES, refusedMessage, uploadedURL } from './image-uppy';

const file = (name: string, type: string, size: number) => ({
  name,
  type,
  data: new Blob([new Uint8Array(size)], { type }),
});

describe('createImageUppy', () => {
  it('takes one image of the accepted types up to the size limit', () => {
    const uppy = createImageUppy({
      id: 'avatar',
      maxFileSize: AVATAR_MAX_BYTES,
      getUploadURL: () => Promise.resolve(''),
    });
    expect(uppy.opts.restrictions).toMatchObject({
      maxNumberOfFiles: 1,
      maxFileSize: 2_097_152,
      allowedFileTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    });
    expect(IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

    expect(() => uppy.addFile(file('doc.pdf', 'application/pdf', 10))).toThrow();
    expect(() => uppy.addFile(file('vector.svg', 'image/svg+xml', 10))).toThrow();
    expect(() => uppy.addFile(file('big.png', 'image/png', AVATAR_MAX_BYTES + 1))).toThrow();
    uppy.addFile(file('me.png', 'image/png', AVATAR_MAX_BYTES));
    expect(() => uppy.addFile(file('second.jpg', 'image/jpeg', 10))).toThrow();
    expect(uppy.getFiles()).toHaveLength(1);
    uppy.destroy();
  });

  it('allows 5 MB for backgrounds', () => {
    const uppy = createImageUppy({
      id: 'bg',
      maxFileSize: BACKGROUND_MAX_BYTES,
      getUploadURL: () => Promise.resolve(''),
    });
    uppy.addFile(file('wide.jpg', 'image/jpeg', BACKGROUND_MAX_BYTES));
    expect(() => uppy.addFile(file('huge.jpg', 'image/jpeg', BACKGROUND_MAX_BYTES + 1))).toThrow();
    uppy.destroy();
  });

  it('clears a refused file’s message once an accepted file is picked', () => {
    const uppy = createImageUppy({ id: 'stale', maxFileSize: 1000, getUploadURL: () => Promise.resolve('') });

    expect(() => uppy.addFile(file('huge.png', 'image/png', 5000))).toThrow();
    expect(uppy.getState().info).toEqual([
      expect.objectContaining({ type: 'error', message: expect.stringMatching(/exceeds/) }),
    ]);

    uppy.addFile(file('small.png', 'image/png', 100));
    expect(uppy.getState().info).toEqual([]);
    expect(uppy.getFiles().map((added) => added.name)).toEqual(['small.png']);
    uppy.destroy();
  });

  it('ends in failure, without hanging, when no upload address can be had', async () => {
    const uppy = createImageUppy({
      id: 'fail',
      maxFileSize: AVATAR_MAX_BYTES,
      getUploadURL: () => Promise.reject(new Error('404: Not found')),
    });
    uppy.addFile(file('me.png', 'image/png', 100));

    const result = await uppy.upload();

    expect(result?.failed).toHaveLength(1);
    expect(result?.successful).toHaveLength(0);
    expect(uploadedURL(result)).toBeNull();
    uppy.destroy();
  });
});

describe('uploadedURL', () => {
  it('is the address the one file was sent to', () => {
    const done = { successful: [{ meta: { uploadURL: 'https://files.example/u/1' } }], failed: [] };
    expect(uploadedURL(done as never)).toBe('https://files.example/u/1');
    expect(uploadedURL(undefined)).toBeNull();
  });
});

describe('createImageUppy with save (the server checks the bytes)', () => {
  const REFUSAL = 'Only JPEG, PNG, WebP and GIF images can be used (SVG and other files are refused)';

  /** An Uppy whose PUT always succeeds, as an object store takes any bytes; `save` is the product's call. */
  const withStoredPut = (save: (url: string) => Promise<unknown>) => {
    const uppy = createImageUppy({ id: `save-${Math.random()}`, maxFileSize: AVATAR_MAX_BYTES, getUploadURL: () => Promise.resolve(''), save });
    uppy.removePlugin(uppy.getPlugin('XHRUpload')!);
    uppy.addUploader(async (fileIDs) => {
      for (const id of fileIDs) {
        const uploadURL = `http://localhost/objects/uploads/u/${id}`;
        uppy.setFileMeta(id, { uploadURL });
        uppy.emit('upload-success', uppy.getFile(id), { status: 200, body: {}, uploadURL });
      }
    });
    return uppy;
  };

  it('completes only once the product has saved the file', async () => {
    const save = vi.fn(() => Promise.resolve());
    const uppy = withStoredPut(save);
    uppy.addFile(file('me.png', 'image/png', 100));

    const result = await uppy.upload();

    expect(save).toHaveBeenCalledWith(expect.stringMatching(/^http:\/\/localhost\/objects\/uploads\/u\//));
    expect(uploadedURL(result)).not.toBeNull();
    expect(refusedMessage(result)).toBeNull();
    expect(uppy.getFiles()[0]!.progress.complete).toBe(true);
    uppy.destroy();
  });

  it('fails a file the server refuses, with the server’s message, never as complete', async () => {
    const refused = new ApiError(400, JSON.stringify({ statusCode: 400, message: REFUSAL }), 'Bad Request');
    const uppy = withStoredPut(() => Promise.reject(refused));
    // A text file named .png: the browser calls it image/png, so only the server can tell.
    uppy.addFile(file('notes.png', 'image/png', 40));

    const result = await uppy.upload();

    expect(uploadedURL(result)).toBeNull();
    expect(refusedMessage(result)).toBe(REFUSAL);
    const [failed] = uppy.getFiles();
    expect(failed!.error).toContain(REFUSAL);
    expect(failed!.progress.complete).not.toBe(true);
    uppy.destroy();
  });

  it('tells no refusal for a failure that is not the server’s answer about the file', async () => {
    const uppy = withStoredPut(() => Promise.reject(new ApiError(503, '', 'Service Unavailable')));
    uppy.addFile(file('me.png', 'image/png', 100));

    const result = await uppy.upload();

    expect(uploadedURL(result)).toBeNull();
    expect(refusedMessage(result)).toBeNull();
    uppy.destroy();
  });
});
