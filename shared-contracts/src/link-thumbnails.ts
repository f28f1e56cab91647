import { IsString, MaxLength, MinLength } from 'class-validator';
import { BACKGROUND_MAX_BYTES } from './constants.js';
import { Messages } from './messages.js';

/**
 * Link thumbnails (issue 26): one image per link, shown in place of the link's family icon. The server
 * crops it square and stores it as WebP at twice the size the page shows, for sharp screens.
 */

/** The thumbnail's size on the page, in CSS pixels (the link button's icon tile, 2.75rem). */
export const THUMBNAIL_DISPLAY_PX = 44;
/** The stored thumbnail's width and height in pixels: 2× the displayed size. */
export const THUMBNAIL_PIXELS = THUMBNAIL_DISPLAY_PX * 2;
/** Largest file accepted for a thumbnail (phone photos; the server makes it a few KB). */
export const THUMBNAIL_MAX_BYTES = BACKGROUND_MAX_BYTES;

export const ThumbnailMessages = {
  thumbnailTooLarge: 'The thumbnail must be 5 MB or smaller',
} as const;

/** PUT /api/links/{id}/thumbnail: the address the image was uploaded to. */
export class UpdateLinkThumbnailRequest {
  @MaxLength(2048, { message: Messages.invalidImageURL })
  @MinLength(1, { message: Messages.invalidImageURL })
  @IsString({ message: Messages.invalidImageURL })
  thumbnailURL!: string;
}
