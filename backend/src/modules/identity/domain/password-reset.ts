import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_VALID_MINUTES } from '@linkbio/shared-contracts';

/** 32 random bytes, base64url without padding: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const RESET_VALID_MS = PASSWORD_RESET_VALID_MINUTES * 60 * 1000;

/** A new reset token: the token goes into the e-mail only, its SHA-256 into the store. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token)! };
}

/** The SHA-256 (hex) a token is stored as; null for anything that cannot be a token, so no store is asked. */
export function hashResetToken(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}

/** `${origin}/reset-password?token=…`, the dashboard's page that asks for the new password. */
export const resetLink = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/reset-password?token=${token}`;
