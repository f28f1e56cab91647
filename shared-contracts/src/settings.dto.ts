import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { EMAIL_MAX_LENGTH, THEMES, type Theme } from './constants.js';
import { BUTTON_SHAPES, LookMessages } from './contrast.js';
import { Messages } from './messages.js';
import { CASHAPP_HANDLE_PATTERN, DOLLAR_AMOUNT_PATTERN, HEX_COLOR_PATTERN } from './validation.js';
import { IsEmailAddress, MaxChars, trimString } from './validators.js';
import type { ButtonShape } from './views.js';

const present = (_: object, value: unknown) => value !== null && value !== undefined && value !== '';

export class UpdateTemplateRequest {
  @IsIn(THEMES, { message: Messages.invalidTheme })
  @ValidateIf((_, value) => value !== undefined)
  theme?: Theme;

  @Matches(HEX_COLOR_PATTERN, { message: Messages.invalidColor })
  @IsString({ message: Messages.invalidColor })
  @ValidateIf(present)
  backgroundColor?: string | null;

  @MaxLength(2048, { message: Messages.imageNotUploaded })
  @IsString({ message: Messages.imageNotUploaded })
  @ValidateIf(present)
  backgroundImage?: string | null;

  /** Premium's custom look: a #rrggbb colour, or null (or empty) for the theme's own. */
  @Matches(HEX_COLOR_PATTERN, { message: LookMessages.invalidButtonColor })
  @IsString({ message: LookMessages.invalidButtonColor })
  @ValidateIf(present)
  buttonColor?: string | null;

  @Matches(HEX_COLOR_PATTERN, { message: LookMessages.invalidButtonTextColor })
  @IsString({ message: LookMessages.invalidButtonTextColor })
  @ValidateIf(present)
  buttonTextColor?: string | null;

  @IsIn(BUTTON_SHAPES, { message: LookMessages.invalidButtonShape })
  @ValidateIf((_, value) => value !== undefined)
  buttonShape?: ButtonShape;
}

export class UpdatePayoutSettingsRequest {
  @IsEmailAddress({ message: Messages.invalidPaypalEmail })
  @MaxChars(EMAIL_MAX_LENGTH, { message: Messages.invalidPaypalEmail })
  @IsString({ message: Messages.invalidPaypalEmail })
  @ValidateIf(present)
  @Transform(trimString)
  paypalEmail?: string | null;

  @Matches(CASHAPP_HANDLE_PATTERN, { message: Messages.invalidCashappHandle })
  @IsString({ message: Messages.invalidCashappHandle })
  @ValidateIf(present)
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/^\$/, '') : value))
  cashappHandle?: string | null;
}

export class UpdateBookingSettingsRequest {
  @IsBoolean({ message: Messages.enableBookingBoolean })
  enableBooking!: boolean;

  @Matches(DOLLAR_AMOUNT_PATTERN, { message: Messages.invalidBookingPrice })
  @IsString({ message: Messages.invalidBookingPrice })
  @ValidateIf(present)
  @Transform(trimString)
  bookingPrice?: string | null;
}
