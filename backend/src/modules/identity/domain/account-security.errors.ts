import { AccountMessages } from '@linkbio/shared-contracts';
import { invalid, notFound } from '../../../shared/domain-error.js';

export const currentPasswordWrong = () => invalid(AccountMessages.currentPasswordWrong);
export const newPasswordSame = () => invalid(AccountMessages.newPasswordSame);
/** Unknown, used, expired or replaced by a newer one: the same answer for each. */
export const resetTokenInvalid = () => invalid(AccountMessages.resetTokenInvalid);
/** Unknown, ended, another account's or not an id at all: the same answer for each. */
export const sessionNotFound = () => notFound(AccountMessages.sessionNotFound);
export const cannotEndCurrentSession = () => invalid(AccountMessages.cannotEndCurrentSession);
