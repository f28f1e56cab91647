import { EMAIL_CONFIRMATION_VALID_HOURS, EmailMessages } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { secretLink } from '../../../shared/secret-link.js';

/** 'verify': the account's own address, since sign-up. 'change': a new address the creator asked to move to. */
export type EmailConfirmationPurpose = 'verify' | 'change';

/** A link e-mailed to confirm an address; only its token's hash is stored. One per account and purpose. */
export interface EmailConfirmation {
  userId: Id;
  purpose: EmailConfirmationPurpose;
  /** The address the link confirms (where it was sent): the account's own, or the new one. */
  email: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export const EMAIL_CONFIRMATION_VALID_MS = EMAIL_CONFIRMATION_VALID_HOURS * 60 * 60 * 1000;

/** `${origin}/verify-email?token=…`: the dashboard's page that posts the token to /api/auth/email/verify. */
export const confirmEmailLink = (origin: string, token: string) => secretLink(origin, 'verify-email', token);

/** Unknown, used, expired, replaced by a newer link, or for an address the account no longer has: one answer. */
export const emailTokenInvalid = () => invalid(EmailMessages.tokenInvalid);
export const emailAlreadyVerified = () => invalid(EmailMessages.alreadyVerified);
export const emailSameAddress = () => invalid(EmailMessages.sameAddress);
export const emailPasswordWrong = () => invalid(EmailMessages.passwordWrong);
