import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min, MinLength, ValidateIf, registerDecorator } from 'class-validator';
import { BACKGROUND_MAX_BYTES } from './constants.js';
import { Messages } from './messages.js';

/** Image types the product stores (decisions.md, Uploads); the server checks the file's bytes, not this. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** What an upload is for. */
export const UPLOAD_PURPOSES = ['image', 'product-file'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest product file (PRODUCT_FILE_MAX_BYTES in products.dto.ts). */
const PRODUCT_FILE_LIMIT = 250 * 1024 * 1024;

/** An upload's size within its purpose's limit: BACKGROUND_MAX_BYTES for images, 250 MB for a product's file. */
function WithinPurposeLimit(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'withinPurposeLimit',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: (args) =>
          (args.object as RequestUploadRequest).purpose === 'product-file'
            ? 'The file must be 250 MB or smaller'
            : Messages.uploadTooLarge,
      },
      validator: {
        validate: (value: unknown, args) =>
          typeof value !== 'number' ||
          value <= ((args?.object as RequestUploadRequest).purpose === 'product-file' ? PRODUCT_FILE_LIMIT : BACKGROUND_MAX_BYTES),
      },
    });
}

/**
 * POST /api/objects/upload: no body is needed (spec §7). Our dashboard may tell the file's type and size,
 * so that an S3 upload URL is bound to them.
 */
export class RequestUploadRequest {
  /** What the file is for: an image (the default), or a product's file (issue 27: any allowed type, up to 250 MB). */
  @IsIn(UPLOAD_PURPOSES, { message: Messages.invalidUploadRequest })
  @IsOptional()
  purpose?: UploadPurpose;

  /** An image's type; a product file's type is only ever read from its bytes. */
  @IsIn(UPLOAD_IMAGE_TYPES, { message: Messages.unsupportedImage })
  @ValidateIf((o: RequestUploadRequest) => o.purpose !== 'product-file' && o.contentType !== undefined)
  contentType?: string;

  @WithinPurposeLimit()
  @Min(1, { message: Messages.invalidUploadRequest })
  @IsInt({ message: Messages.invalidUploadRequest })
  @IsOptional()
  size?: number;
}

export interface UploadParametersResponse {
  uploadURL: string;
}

/** PUT /api/avatar-images: the address the image was uploaded to (or its public address). */
export class UpdateAvatarRequest {
  @MaxLength(2048, { message: Messages.invalidImageURL })
  @MinLength(1, { message: Messages.invalidImageURL })
  @IsString({ message: Messages.invalidImageURL })
  avatarURL!: string;
}

/** PUT /api/background-images: the address the image was uploaded to (or its public address). */
export class UpdateBackgroundImageRequest {
  @MaxLength(2048, { message: Messages.invalidImageURL })
  @MinLength(1, { message: Messages.invalidImageURL })
  @IsString({ message: Messages.invalidImageURL })
  backgroundImageURL!: string;
}
