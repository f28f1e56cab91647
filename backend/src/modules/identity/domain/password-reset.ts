import { PASSWORD_RESET_VALID_MINUTES } from '@linkbio/shared-contracts';
import { hashSecretToken, newSecretToken, secretLink } from '../../../shared/secret-link.js';

export const RESET_VALID_MS = PASSWORD_RESET_VALID_MINUTES * 60 * 1000;

/** A new reset token: the token goes into the e-mail only, its SHA-256 into the store. */
export const newResetToken = newSecretToken;

/** The SHA-256 (hex) a token is stored as; null for anything that cannot be a token, so no store is asked. */
export const hashResetToken = hashSecretToken;

/** `${origin}/reset-password?token=…`, the dashboard's page that asks for the new password. */
export const resetLink = (origin: string, token: string) => secretLink(origin, 'reset-password', token);
