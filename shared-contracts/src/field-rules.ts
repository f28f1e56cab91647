import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
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
import { IsEmailAddress, MaxChars, trimString } from './validators.js';

/**
 * Several decorators as one, written top to bottom as they would be stacked on the property (and applied, as
 * stacked decorators are, from the bottom up), so a field's checks and the order of its messages are the same
 * wherever it is used.
 */
function rules(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, propertyName) => {
    for (const decorator of [...decorators].reverse()) decorator(target, propertyName);
  };
}

/** A username as sign-up takes it (decisions.md), and as a change of username does. */
export const UsernameRules = () =>
  rules(
    Matches(/^[^-](.*[^-])?$/, { message: Messages.usernameHyphenEdges }),
    Matches(USERNAME_PATTERN, { message: Messages.usernameCharacters }),
    MaxLength(USERNAME_MAX_LENGTH, { message: Messages.usernameTooLong }),
    MinLength(USERNAME_MIN_LENGTH, { message: Messages.usernameTooShort }),
    IsString({ message: Messages.usernameTooShort }),
  );

/** An e-mail address to be the account's (trimmed; at most 254 characters). */
export const EmailRules = () =>
  rules(
    Transform(trimString),
    IsEmailAddress({ message: Messages.invalidEmail }),
    MaxChars(EMAIL_MAX_LENGTH, { message: Messages.invalidEmail }),
    IsString({ message: Messages.invalidEmail }),
  );

/** A password being chosen: at sign-up, in a change and in a reset. */
export const NewPasswordRules = () =>
  rules(
    MaxLength(PASSWORD_MAX_LENGTH, { message: Messages.passwordTooLong }),
    MinLength(PASSWORD_MIN_LENGTH, { message: Messages.passwordTooShort }),
    IsString({ message: Messages.passwordTooShort }),
  );

export const DisplayNameRules = () =>
  rules(
    Transform(trimString),
    MaxChars(DISPLAY_NAME_MAX_LENGTH, { message: Messages.displayNameTooLong }),
    IsNotEmpty({ message: Messages.displayNameRequired }),
    IsString({ message: Messages.displayNameRequired }),
  );

/** Optional: left out, null or empty clears it. */
export const BioRules = () =>
  rules(
    Transform(trimString),
    MaxChars(BIO_MAX_LENGTH, { message: Messages.bioTooLong }),
    IsString({ message: Messages.mustBeText('Bio') }),
    ValidateIf((_, value) => value !== null && value !== undefined),
    IsOptional(),
  );
