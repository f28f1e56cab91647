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

/** How long a creator's old address keeps answering with a redirect to the new one, held for them alone. */
export const OLD_USERNAME_HELD_DAYS = 30;
/** How long a link to reset a forgotten password works. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

/** What the account calls answer, word for word. */
export const AccountMessages = {
  profileSaved: 'Profile saved',
  usernameChanged: (username: string) => `Your page is now at /${username}. The old address forwards there for 30 days.`,
  usernameUnchanged: 'That is already your username',
  usernameHeld: 'That username was used recently and cannot be claimed yet',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  newPasswordSame: 'Choose a new password that differs from the current one',
  passwordChanged: 'Password changed. You have been signed out everywhere else.',
  resetRequested: 'If an account uses that email address, we have sent it a link to reset the password. The link works for 1 hour.',
  resetTokenRequired: 'The reset link is incomplete. Open the link from the email again.',
  resetTokenInvalid: 'This reset link is not valid any more. Ask for a new one.',
  passwordReset: 'Your password has been reset. Sign in with the new password.',
  sessionNotFound: 'That session has already ended',
  sessionEnded: 'Signed out on that device',
  otherSessionsEnded: 'Signed out everywhere else',
  cannotEndCurrentSession: 'To end this session, sign out',
} as const;

export class UpdateProfileRequest {
  @Transform(trimString)
  @MaxChars(DISPLAY_NAME_MAX_LENGTH, { message: Messages.displayNameTooLong })
  @IsNotEmpty({ message: Messages.displayNameRequired })
  @IsString({ message: Messages.displayNameRequired })
  displayName!: string;

  /** Empty or null clears it. */
  @Transform(trimString)
  @MaxChars(BIO_MAX_LENGTH, { message: Messages.bioTooLong })
  @IsString({ message: Messages.mustBeText('Bio') })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsOptional()
  bio?: string | null;
}

export class ChangeUsernameRequest {
  @Matches(/^[^-](.*[^-])?$/, { message: Messages.usernameHyphenEdges })
  @Matches(USERNAME_PATTERN, { message: Messages.usernameCharacters })
  @MaxLength(USERNAME_MAX_LENGTH, { message: Messages.usernameTooLong })
  @MinLength(USERNAME_MIN_LENGTH, { message: Messages.usernameTooShort })
  @IsString({ message: Messages.usernameTooShort })
  username!: string;
}

export class ChangePasswordRequest {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AccountMessages.currentPasswordWrong })
  @IsNotEmpty({ message: AccountMessages.currentPasswordRequired })
  @IsString({ message: AccountMessages.currentPasswordRequired })
  currentPassword!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @IsString({ message: Messages.passwordTooShort })
  newPassword!: string;

  @MatchesProperty('newPassword', { message: Messages.passwordsDontMatch })
  @IsString({ message: Messages.passwordsDontMatch })
  confirmPassword!: string;
}

export class PasswordResetRequest {
  @Transform(trimString)
  @IsEmail({}, { message: Messages.invalidEmail })
  @MaxChars(EMAIL_MAX_LENGTH, { message: Messages.invalidEmail })
  @IsString({ message: Messages.invalidEmail })
  email!: string;
}

export class ConfirmPasswordResetRequest {
  @MaxLength(200, { message: AccountMessages.resetTokenInvalid })
  @IsNotEmpty({ message: AccountMessages.resetTokenRequired })
  @IsString({ message: AccountMessages.resetTokenRequired })
  token!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort })
  @IsString({ message: Messages.passwordTooShort })
  password!: string;

  @MatchesProperty('password', { message: Messages.passwordsDontMatch })
  @IsString({ message: Messages.passwordsDontMatch })
  confirmPassword!: string;
}

/** One signed-in device of the account, as `GET /api/auth/sessions` lists it (most recently used first). */
export interface SessionView {
  /** Opaque; not the session cookie's value. */
  id: string;
  /** What the browser says it is, in words: "Chrome on Android", "Safari on iPhone", "Unknown browser". */
  browser: string;
  /** ISO instant, to the minute or so. */
  signedInAt: string;
  /** ISO instant of the last request seen, within about ten minutes. */
  lastSeenAt: string;
  /** The session this request came with. */
  current: boolean;
}

export interface SessionsView {
  sessions: SessionView[];
}

export interface MessageView {
  message: string;
}
