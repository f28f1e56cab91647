import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, MinLength, ValidateIf, registerDecorator } from 'class-validator';
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
  /**
   * A product file over MULTIPART_THRESHOLD_BYTES on S3 (issue 27): PUT part n (partSize bytes, the last one the
   * rest) to partURLs[n - 1], in order, then POST /api/objects/upload/complete with each part's ETag.
   */
  multipart?: { uploadId: string; partSize: number; partURLs: string[] };
}

/** Above this size a product file goes to S3 in parts; the local disk takes one streamed PUT of any size. */
export const MULTIPART_THRESHOLD_BYTES = 64 * 1024 * 1024;
/** The size of each part but the last. */
export const MULTIPART_PART_BYTES = 16 * 1024 * 1024;

export const UploadMessages = {
  multipartInvalid: "The upload's parts are not valid. Upload the file again.",
} as const;

/** POST /api/objects/upload/complete and /abort: which multipart upload, and (to complete) its parts' ETags. */
export class MultipartUploadRequest {
  @MaxLength(4096, { message: UploadMessages.multipartInvalid })
  @IsString({ message: UploadMessages.multipartInvalid })
  uploadURL!: string;

  @MaxLength(1024, { message: UploadMessages.multipartInvalid })
  @MinLength(1, { message: UploadMessages.multipartInvalid })
  @IsString({ message: UploadMessages.multipartInvalid })
  uploadId!: string;

  @ArrayMaxSize(10_000, { message: UploadMessages.multipartInvalid })
  @IsArray({ message: UploadMessages.multipartInvalid })
  @IsOptional()
  parts?: Array<{ partNumber: number; etag: string }>;
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
