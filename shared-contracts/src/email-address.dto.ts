import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { EmailRules } from './field-rules.js';
import { Messages } from './messages.js';

/** How long a link to confirm an e-mail address works. */
export const EMAIL_CONFIRMATION_VALID_HOURS = 24;

export const EmailMessages = {
  verified: 'Your email address is confirmed',
  changed: (email: string) => `Your email address is now ${email}`,
  tokenRequired: 'The confirmation link is incomplete. Open the link from the email again.',
  tokenInvalid: 'This confirmation link is not valid any more. Ask for a new one.',
  sent: (email: string) => `We have sent a confirmation link to ${email}. It works for 24 hours.`,
  alreadyVerified: 'Your email address is already confirmed',
  sameAddress: 'That is already your email address',
  passwordWrong: 'Your password is not correct',
  unverifiedBanner: 'Please confirm your email address: payouts wait until it is confirmed.',
} as const;

export class ConfirmEmailRequest {
  @MaxLength(200, { message: EmailMessages.tokenInvalid })
  @IsNotEmpty({ message: EmailMessages.tokenRequired })
  @IsString({ message: EmailMessages.tokenRequired })
  token!: string;
}

export class ChangeEmailRequest {
  @EmailRules()
  email!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: EmailMessages.passwordWrong })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @IsString({ message: Messages.passwordRequired })
  password!: string;
}
