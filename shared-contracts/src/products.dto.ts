import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { MaxChars, trimString } from './validators.js';

/**
 * Digital products (issue 27): a creator sells a file or a private URL from the page, at a fixed price or
 * pay-what-you-want with a minimum.
 */
export const PRODUCT_TITLE_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_PRICE_MIN_CENTS = 100;
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;
/** Largest file a product delivers. */
export const PRODUCT_FILE_MAX_BYTES = 250 * 1024 * 1024;
/** Products one creator may have. */
export const PRODUCTS_PER_CREATOR = 50;
/** The cover's size on the bio page, in CSS pixels; the stored cover is a square WebP of PRODUCT_COVER_PIXELS. */
export const PRODUCT_COVER_DISPLAY_PX = 56;
export const PRODUCT_COVER_PIXELS = 512;
/** Largest image accepted for a cover (the server makes a small WebP of it). */
export const PRODUCT_COVER_MAX_BYTES = 5 * 1024 * 1024;
/** The upload purpose of a product's file (POST /api/objects/upload { purpose }). */
export const PRODUCT_FILE_PURPOSE = 'product-file';

export const ProductMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${PRODUCT_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  priceInvalid: 'Price must be a whole number of cents between 100 ($1.00) and 1000000 ($10,000.00)',
  minPriceInvalid: 'The minimum price must be a whole number of cents between 100 ($1.00) and 1000000 ($10,000.00)',
  onePrice: 'Give either a price or a pay-what-you-want minimum, not both',
  priceRequired: 'Give a price or a pay-what-you-want minimum',
  privateUrlInvalid: 'The private URL must be an https:// address',
  oneDelivery: 'Give either a file or a private URL, not both',
  fileURLInvalid: 'The file must be uploaded through the upload link first',
  fileNameInvalid: 'The file name must be 1 to 255 characters',
  coverURLInvalid: 'The cover must be an uploaded image',
  visibleInvalid: 'visible must be true or false',
  nothingToUpdate: 'Nothing to update',
  notFound: 'Product not found',
  tooMany: `You can have at most ${PRODUCTS_PER_CREATOR} products. Delete one to add another.`,
  coverTooLarge: 'The cover must be 5 MB or smaller',
  fileTooLarge: 'The file must be 250 MB or smaller',
  fileEmpty: 'The file is empty. Upload it again.',
  fileNotYours: 'That file was not uploaded by you',
  fileMissing: 'The file has not finished uploading. Upload it again.',
  fileAlreadyUsed: 'That upload has already been used. Upload the file again.',
  fileTypeRefused:
    'This type of file cannot be sold. Use PDF, ZIP, EPUB, MP3, M4A, WAV, MP4, MOV, PNG, JPEG, WebP, GIF, or plain text (TXT, CSV, Markdown).',
  fileTypeDangerous: 'Programs, scripts, web pages and SVG files cannot be sold. Put them in a ZIP file or use a private URL.',
  orderIds: 'ids must be the ids of your products',
  deleted: 'Product deleted',
  downloadLinkInvalid: 'This download link is not valid.',
  downloadLinkExpired: 'This download link has expired. Open your order link again to get a new one.',
  downloadGone: 'This file is no longer available.',
} as const;

/** A product as its creator sees it (the dashboard), private URL included. */
export interface ProductView {
  id: string;
  title: string;
  description: string;
  priceCents: number | null;
  minPriceCents: number | null;
  coverURL: string | null;
  file: { name: string; contentType: string; size: number } | null;
  privateUrl: string | null;
  visible: boolean;
  order: number;
  createdAt: string;
}

/** A product as visitors see it on the bio page and its own page: never what it delivers. */
export interface PublicProductView {
  id: string;
  title: string;
  description: string;
  priceCents: number | null;
  minPriceCents: number | null;
  coverURL: string | null;
}

/** "$12.00", or "From $5.00" for pay-what-you-want. */
export function productPriceLabel(product: { priceCents: number | null; minPriceCents: number | null }): string {
  const dollars = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
  if (product.priceCents !== null) return dollars(product.priceCents);
  return product.minPriceCents !== null ? `From ${dollars(product.minPriceCents)}` : 'Pay what you want';
}

const HTTPS_URL = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;

class ProductFields {
  @MaxChars(PRODUCT_DESCRIPTION_MAX, { message: ProductMessages.descriptionTooLong })
  @IsString({ message: ProductMessages.descriptionTooLong })
  @IsOptional()
  description?: string;

  @Max(PRODUCT_PRICE_MAX_CENTS, { message: ProductMessages.priceInvalid })
  @Min(PRODUCT_PRICE_MIN_CENTS, { message: ProductMessages.priceInvalid })
  @IsInt({ message: ProductMessages.priceInvalid })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  priceCents?: number | null;

  @Max(PRODUCT_PRICE_MAX_CENTS, { message: ProductMessages.minPriceInvalid })
  @Min(PRODUCT_PRICE_MIN_CENTS, { message: ProductMessages.minPriceInvalid })
  @IsInt({ message: ProductMessages.minPriceInvalid })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  minPriceCents?: number | null;

  /** An upload URL of ours holding the cover image; null (on change) removes the cover. */
  @MaxLength(2048, { message: ProductMessages.coverURLInvalid })
  @MinLength(1, { message: ProductMessages.coverURLInvalid })
  @IsString({ message: ProductMessages.coverURLInvalid })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  coverURL?: string | null;

  /** An upload URL of ours (purpose product-file) holding what the buyer gets. */
  @MaxLength(2048, { message: ProductMessages.fileURLInvalid })
  @MinLength(1, { message: ProductMessages.fileURLInvalid })
  @IsString({ message: ProductMessages.fileURLInvalid })
  @IsOptional()
  fileURL?: string;

  /** The file's name as the buyer will get it (the creator's file name). */
  @Transform(trimString)
  @MaxChars(255, { message: ProductMessages.fileNameInvalid })
  @MinLength(1, { message: ProductMessages.fileNameInvalid })
  @IsString({ message: ProductMessages.fileNameInvalid })
  @IsOptional()
  fileName?: string;

  /** What the buyer gets instead of a file: an https address revealed only after payment. */
  @Transform(trimString)
  @Matches(HTTPS_URL, { message: ProductMessages.privateUrlInvalid })
  @MaxLength(2048, { message: ProductMessages.privateUrlInvalid })
  @IsString({ message: ProductMessages.privateUrlInvalid })
  @IsOptional()
  privateUrl?: string;

  @IsBoolean({ message: ProductMessages.visibleInvalid })
  @IsOptional()
  visible?: boolean;
}

/** POST /api/products. */
export class CreateProductRequest extends ProductFields {
  @Transform(trimString)
  @MaxChars(PRODUCT_TITLE_MAX, { message: ProductMessages.titleTooLong })
  @MinLength(1, { message: ProductMessages.titleRequired })
  @IsString({ message: ProductMessages.titleRequired })
  title!: string;
}

/** PUT /api/products/{id}: only the fields given change. */
export class UpdateProductRequest extends ProductFields {
  @Transform(trimString)
  @MaxChars(PRODUCT_TITLE_MAX, { message: ProductMessages.titleTooLong })
  @MinLength(1, { message: ProductMessages.titleRequired })
  @IsString({ message: ProductMessages.titleRequired })
  @IsOptional()
  title?: string;
}

/** PUT /api/products/order. */
export class ReorderProductsRequest {
  @IsUUID('all', { each: true, message: ProductMessages.orderIds })
  @ArrayMaxSize(1000, { message: ProductMessages.orderIds })
  @IsArray({ message: ProductMessages.orderIds })
  ids!: string[];
}
