import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { BioRules, DisplayNameRules, EmailRules, NewPasswordRules, UsernameRules } from './field-rules.js';
import { Messages } from './messages.js';
import { IsEmailAddress, MatchesProperty, trimString } from './validators.js';

export class LoginRequest {
  @Transform(trimString)
  @IsEmailAddress({ message: Messages.invalidEmail })
  @MaxLength(EMAIL_MAX_LENGTH, { message: Messages.invalidEmail })
  @IsString({ message: Messages.invalidEmail })
  email!: string;

  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @IsString({ message: Messages.passwordRequired })
  password!: string;
}

export class RegisterRequest {
  @UsernameRules()
  username!: string;

  @EmailRules()
  email!: string;

  @NewPasswordRules()
  password!: string;

  @MatchesProperty('password', { message: Messages.passwordsDontMatch })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @IsString({ message: Messages.passwordTooShort })
  confirmPassword!: string;

  @DisplayNameRules()
  displayName!: string;

  @BioRules()
  bio?: string | null;
}
