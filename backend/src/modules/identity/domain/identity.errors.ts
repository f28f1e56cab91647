import { Messages } from '@linkbio/shared-contracts';
import { DomainError, conflict } from '../../../shared/domain-error.js';

export const usernameTaken = () => conflict(Messages.usernameTaken);
export const emailTaken = () => conflict(Messages.emailTaken);
export const invalidCredentials = () => new DomainError('unauthenticated', Messages.invalidCredentials);
export const userNotFound = () => new DomainError('not_found', Messages.userNotFound);
