import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { BioRules, DisplayNameRules, EmailRules, NewPasswordRules, UsernameRules } from './field-rules.js';
import { Messages } from './messages.js';
import { MatchesProperty } from './validators.js';

/** How long a creator's old address keeps answering with a redirect to the new one, held for them alone. */
export const OLD_USERNAME_HELD_DAYS = 30;
/** How long a link to reset a forgotten password works. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

/** What the account calls answer, word for word. */
export const AccountMessages = {
  profileSaved: 'Profile saved',
  usernameChanged: (username: string) =>
    `Your page is now at /${username}. The old address forwards there for 30 days.`,
  usernameUnchanged: 'That is already your username',
  usernameHeld: 'That username was used recently and cannot be claimed yet',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  newPasswordSame: 'Choose a new password that differs from the current one',
  passwordChanged: 'Password changed. You have been signed out everywhere else.',
  resetRequested:
    'If an account uses that email address, we have sent it a link to reset the password. The link works for 1 hour.',
  resetTokenRequired: 'The reset link is incomplete. Open the link from the email again.',
  resetTokenInvalid: 'This reset link is not valid any more. Ask for a new one.',
  passwordReset: 'Your password has been reset. Sign in with the new password.',
  sessionNotFound: 'That session has already ended',
  sessionEnded: 'Signed out on that device',
  otherSessionsEnded: 'Signed out everywhere else',
  cannotEndCurrentSession: 'To end this session, sign out',
} as const;

export class UpdateProfileRequest {
  @DisplayNameRules()
  displayName!: string;

  /** Empty or null clears it. */
  @BioRules()
  bio?: string | null;
}

export class ChangeUsernameRequest {
  @UsernameRules()
  username!: string;
}

export class ChangePasswordRequest {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AccountMessages.currentPasswordWrong })
  @IsNotEmpty({ message: AccountMessages.currentPasswordRequired })
  @IsString({ message: AccountMessages.currentPasswordRequired })
  currentPassword!: string;

  @NewPasswordRules()
  newPassword!: string;

  @MatchesProperty('newPassword', { message: Messages.passwordsDontMatch })
  @IsString({ message: Messages.passwordsDontMatch })
  confirmPassword!: string;
}

export class PasswordResetRequest {
  @EmailRules()
  email!: string;
}

export class ConfirmPasswordResetRequest {
  @MaxLength(200, { message: AccountMessages.resetTokenInvalid })
  @IsNotEmpty({ message: AccountMessages.resetTokenRequired })
  @IsString({ message: AccountMessages.resetTokenRequired })
  token!: string;

  @NewPasswordRules()
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
