import { ImageResizer, type ResizedImage } from '../application/ports/image-resizer.js';
import { sniffImageType } from '../domain/image-type.js';

/** What the fake writes: a WebP container header and a marker naming the size, so tests can tell it made one. */
export const fakeWebp = (pixels: number): Buffer =>
  Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.from(`fake ${pixels}x${pixels}`)]);

/**
 * ImageResizer without decoding: any bytes that start like an image become `fakeWebp(pixels)`; bytes listed in
 * `undecodable` (or that start like no image) are refused as sharp refuses a broken file. Records each call.
 */
export class InMemoryImageResizer extends ImageResizer {
  readonly calls: Array<{ bytes: Buffer; pixels: number }> = [];
  readonly undecodable = new Set<string>();

  async squareWebp(bytes: Buffer, pixels: number): Promise<ResizedImage | null> {
    this.calls.push({ bytes, pixels });
    if (sniffImageType(bytes) === null || this.undecodable.has(bytes.toString('base64'))) return null;
    return { bytes: fakeWebp(pixels), contentType: 'image/webp', width: pixels, height: pixels };
  }
}
