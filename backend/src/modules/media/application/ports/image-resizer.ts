/** An image made for the page: its bytes, type and size in pixels. */
export interface ResizedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Makes small images for the pages from uploaded ones, on the server (sharp in production, a fake in unit
 * tests). Only bytes already checked as JPEG, PNG, WebP or GIF reach it.
 */
export abstract class ImageResizer {
  /**
   * A `pixels`×`pixels` WebP cropped from the middle of the image, turned upright as its EXIF orientation
   * says, its metadata (EXIF, GPS, ICC, XMP) dropped and, for an animated GIF or WebP, its first frame only.
   * Null when the bytes cannot be decoded as an image (a truncated or disguised file) or the image is larger
   * than the resizer agrees to decode.
   */
  abstract squareWebp(bytes: Buffer, pixels: number): Promise<ResizedImage | null>;
}
