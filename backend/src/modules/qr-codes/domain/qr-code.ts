import { badPngSize } from './qr-codes.errors.js';

/** The two downloads offered: a vector for print, a bitmap for posts and chats. */
export type QrCodeFormat = 'svg' | 'png';

/** Error correction level M: about 15% of the symbol may be damaged or covered and it still scans. */
export const QR_ERROR_CORRECTION = 'M';

/** The blank margin around the symbol, in modules: 4, as the QR standard asks for. */
export const QR_QUIET_ZONE = 4;

/** Width and height of the PNG download, in pixels. */
export const PNG_SIZE = { min: 256, max: 2048, default: 1024 } as const;

/** Where a creator's page is: the canonical public URL `<origin>/<username>` (origin without a trailing slash). */
export function publicPageUrl(origin: string, username: string): string {
  return `${origin.replace(/\/+$/, '')}/${encodeURIComponent(username)}`;
}

/**
 * The PNG size asked for (`?size=`, absent → 1024): a whole number of pixels from 256 to 2048, written in
 * plain digits; anything else (a fraction, `1e3`, a repeated parameter) is refused rather than guessed at.
 */
export function pngSize(requested: unknown): number {
  if (requested === undefined) return PNG_SIZE.default;
  if (typeof requested !== 'string' || !/^\d{1,5}$/.test(requested)) throw badPngSize();
  const size = Number(requested);
  if (size < PNG_SIZE.min || size > PNG_SIZE.max) throw badPngSize();
  return size;
}

/** `linkbio-alice-qr.svg`: the name the download is saved under. */
export function qrCodeFileName(username: string, format: QrCodeFormat): string {
  return `linkbio-${username}-qr.${format}`;
}
