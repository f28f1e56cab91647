import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { LINK_TITLE_MAX_LENGTH } from './constants.js';
import { Messages } from './messages.js';
import { IsHttpUrl, MaxChars, trimString } from './validators.js';

const MAX_ORDER = 1_000_000;

const sent = (_: object, value: unknown) => value !== undefined;

export class CreateLinkRequest {
  @Transform(trimString)
  @MaxChars(LINK_TITLE_MAX_LENGTH, { message: Messages.titleTooLong })
  @IsNotEmpty({ message: Messages.titleRequired })
  @IsString({ message: Messages.titleRequired })
  title!: string;

  @Transform(trimString)
  @IsHttpUrl({ message: Messages.invalidUrl })
  url!: string;

  @Max(MAX_ORDER, { message: Messages.orderInteger })
  @Min(0, { message: Messages.orderInteger })
  @IsInt({ message: Messages.orderInteger })
  @IsOptional()
  order?: number;
}

/** Every field may be left out, but one that is sent must be valid: null is not "no change". */
export class UpdateLinkRequest {
  @Transform(trimString)
  @MaxChars(LINK_TITLE_MAX_LENGTH, { message: Messages.titleTooLong })
  @IsNotEmpty({ message: Messages.titleRequired })
  @IsString({ message: Messages.titleRequired })
  @ValidateIf(sent)
  title?: string;

  @Transform(trimString)
  @IsHttpUrl({ message: Messages.invalidUrl })
  @ValidateIf(sent)
  url?: string;

  @IsBoolean({ message: Messages.isActiveBoolean })
  @ValidateIf(sent)
  isActive?: boolean;

  @Max(MAX_ORDER, { message: Messages.orderInteger })
  @Min(0, { message: Messages.orderInteger })
  @IsInt({ message: Messages.orderInteger })
  @ValidateIf(sent)
  order?: number;
}

export class ReorderLinksRequest {
  @IsUUID('all', { each: true, message: Messages.orderIds })
  @ArrayMaxSize(10_000, { message: Messages.orderIds })
  @IsArray({ message: Messages.orderIds })
  ids!: string[];
}
