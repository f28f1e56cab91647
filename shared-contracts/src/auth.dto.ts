import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';
import { Messages } from './messages.js';
import { USERNAME_PATTERN } from './validation.js';
import { MatchesProperty, MaxChars, trimString } from './validators.js';

export class LoginRequest {
  @Transform(trimString)
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxLength(EMAIL_MAX_LENGTH, { message: Messages.invalidEmail })
  @IsString({ message: Messages.invalidEmail })
  email!: string;

  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @IsString({ message: Messages.passwordRequired })
  password!: string;
}

export class RegisterRequest {
  @Matches(/^[^-](.*[^-])?$/, { message: Messages.usernameHyphenEdges })
  @Matches(USERNAME_PATTERN, { message: Messages.usernameCharacters })
  @MaxLength(USERNAME_MAX_LENGTH, { message: Messages.usernameTooLong })
  @MinLength(USERNAME_MIN_LENGTH, { message: Messages.usernameTooShort })
  @IsString({ message: Messages.usernameTooShort })
  username!: string;

  @Transform(trimString)
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxChars(EMAIL_MAX_LENGTH, { message: Messages.invalidEmail })
  @IsString({ message: Messages.invalidEmail })
  email!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @IsString({ message: Messages.passwordTooShort })
  password!: string;

  @MatchesProperty('password', { message: Messages.passwordsDontMatch })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @IsString({ message: Messages.passwordTooShort })
  confirmPassword!: string;

  @Transform(trimString)
  @MaxChars(DISPLAY_NAME_MAX_LENGTH, { message: Messages.displayNameTooLong })
  @IsNotEmpty({ message: Messages.displayNameRequired })
  @IsString({ message: Messages.displayNameRequired })
  displayName!: string;

  @Transform(trimString)
  @MaxChars(BIO_MAX_LENGTH, { message: Messages.bioTooLong })
  @IsString({ message: Messages.mustBeText('Bio') })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsOptional()
  bio?: string | null;
}
