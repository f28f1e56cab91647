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
  MaxLength,
  Min,
} from 'class-validator';
import { LINK_TITLE_MAX_LENGTH } from './constants.js';
import { Messages } from './messages.js';
import { IsHttpUrl, trimString } from './validators.js';

const MAX_ORDER = 1_000_000;

export class CreateLinkRequest {
  @Transform(trimString)
  @MaxLength(LINK_TITLE_MAX_LENGTH, { message: Messages.titleTooLong })
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

export class UpdateLinkRequest {
  @Transform(trimString)
  @MaxLength(LINK_TITLE_MAX_LENGTH, { message: Messages.titleTooLong })
  @IsNotEmpty({ message: Messages.titleRequired })
  @IsString({ message: Messages.titleRequired })
  @IsOptional()
  title?: string;

  @Transform(trimString)
  @IsHttpUrl({ message: Messages.invalidUrl })
  @IsOptional()
  url?: string;

  @IsBoolean({ message: Messages.isActiveBoolean })
  @IsOptional()
  isActive?: boolean;

  @Max(MAX_ORDER, { message: Messages.orderInteger })
  @Min(0, { message: Messages.orderInteger })
  @IsInt({ message: Messages.orderInteger })
  @IsOptional()
  order?: number;
}

export class ReorderLinksRequest {
  @IsUUID('all', { each: true, message: Messages.orderIds })
  @ArrayMaxSize(10_000, { message: Messages.orderIds })
  @IsArray({ message: Messages.orderIds })
  ids!: string[];
}
