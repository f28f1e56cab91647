import { AccountMessages, Messages } from '@linkbio/shared-contracts';
import { DomainError, conflict } from '../../../shared/domain-error.js';

export const usernameTaken = () => conflict(Messages.usernameTaken);
/** The name is another account's former name, held for it a while (username-hold.ts). */
export const usernameHeld = () => conflict(AccountMessages.usernameHeld);
export const emailTaken = () => conflict(Messages.emailTaken);
export const invalidCredentials = () => new DomainError('unauthenticated', Messages.invalidCredentials);
export const userNotFound = () => new DomainError('not_found', Messages.userNotFound);
