import type { Sharp, SharpOptions } from 'sharp';
import { ImageResizer, type ResizedImage } from '../application/ports/image-resizer.js';

/**
 * Largest image decoded, in pixels (width × height): every phone camera's photo (50 MP) and no decompression
 * bomb; a JPEG is shrunk while it is decoded, so a large photo costs little.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** WebP quality of thumbnails: an 88 px square is a few KB. */
const WEBP_QUALITY = 80;

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips, a native module) is loaded on the first image, not at boot: the worker and an API that
 * never makes a thumbnail do not carry it. No operation cache (each image is made once), and one libvips
 * thread per image, so making a thumbnail leaves the machine's other cores to the requests.
 */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

/** ImageResizer on sharp: decodes only the first frame and writes no metadata unless told to. */
export class SharpImageResizer extends ImageResizer {
  async squareWebp(bytes: Buffer, pixels: number): Promise<ResizedImage | null> {
    const sharp = await loadSharp();
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'truncated' })
        .autoOrient()
        .resize(pixels, pixels, { fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
    } catch {
      // libvips refused the input: not decodable, truncated or over the pixel limit. Nothing to make of it.
      return null;
    }
  }
}
