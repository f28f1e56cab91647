import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { BACKGROUND_MAX_BYTES } from './constants.js';
import { Messages } from './messages.js';

/** Image types the product stores (decisions.md, Uploads); the server checks the file's bytes, not this. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * POST /api/objects/upload: no body is needed (spec §7). Our dashboard may tell the file's type and size,
 * so that an S3 upload URL is bound to them.
 */
export class RequestUploadRequest {
  @IsIn(UPLOAD_IMAGE_TYPES, { message: Messages.unsupportedImage })
  @IsOptional()
  contentType?: string;

  @Max(BACKGROUND_MAX_BYTES, { message: Messages.uploadTooLarge })
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
