import { Transform } from 'class-transformer';
import { IsIn, IsString, registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';
import { Messages } from './messages.js';
import {
  parseSocials,
  SOCIAL_POSITIONS,
  SocialMessages,
  type SocialLink,
  type SocialPosition,
} from './socials.js';
import { MaxChars, trimString } from './validators.js';

/** A list of social icons as parseSocials takes it; the message is parseSocials' first problem with it. */
export function IsSocialList(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSocialList',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: ({ value }) => parseSocials(value).error ?? SocialMessages.notAList, ...options },
      validator: { validate: (value: unknown) => parseSocials(value).error === undefined },
    });
}

/** PUT /api/users/socials: the whole list at once (an empty list removes the row), and where it shows. */
export class UpdateSocialsRequest {
  @IsSocialList()
  socials!: SocialLink[];

  @IsIn(SOCIAL_POSITIONS, { message: SocialMessages.invalidPosition })
  @ValidateIf((_, value) => value !== undefined)
  position?: SocialPosition;
}

/** Search and share preview: the lengths search results and link previews show in full. */
export const SEO_TITLE_MAX_LENGTH = 70;
export const SEO_DESCRIPTION_MAX_LENGTH = 200;

export const SeoMessages = {
  titleTooLong: `The title must be at most ${SEO_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `The description must be at most ${SEO_DESCRIPTION_MAX_LENGTH} characters`,
  imageNotUploaded: 'Upload the share image first, then choose it',
  shareImageTooLarge: 'The share image must be 5 MB or smaller',
} as const;

const present = (_: object, value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * PUT /api/users/seo: each field left out stays; null or empty goes back to the default (title: the display
 * name, description: the bio, image: the profile picture). The image is one uploaded through
 * PUT /api/share-images, so here it can only be kept (its current address) or cleared.
 */
export class UpdateSeoRequest {
  @MaxChars(SEO_TITLE_MAX_LENGTH, { message: SeoMessages.titleTooLong })
  @IsString({ message: Messages.mustBeText('Title') })
  @ValidateIf(present)
  @Transform(trimString)
  title?: string | null;

  @MaxChars(SEO_DESCRIPTION_MAX_LENGTH, { message: SeoMessages.descriptionTooLong })
  @IsString({ message: Messages.mustBeText('Description') })
  @ValidateIf(present)
  @Transform(trimString)
  description?: string | null;

  @MaxChars(2048, { message: SeoMessages.imageNotUploaded })
  @IsString({ message: SeoMessages.imageNotUploaded })
  @ValidateIf(present)
  image?: string | null;
}

/** The creator's own settings of the search and share preview; null: the default. */
export interface SeoView {
  title: string | null;
  description: string | null;
  image: string | null;
}

/** PUT /api/share-images: the address the share image was uploaded to (or its public address). */
export class UpdateShareImageRequest {
  @MaxChars(2048, { message: Messages.invalidImageURL })
  @IsString({ message: Messages.invalidImageURL })
  imageURL!: string;
}
