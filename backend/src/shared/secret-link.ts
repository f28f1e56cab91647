import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of an e-mailed link (password reset, e-mail confirmation, a booking's manage link): the token goes
 * into the e-mail only, its SHA-256 into the store, so a copy of the store opens nothing.
 */

/** 32 random bytes, base64url without padding: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token and the hash it is stored as. */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSecretToken(token)! };
}

/** The SHA-256 (hex) a token is stored as; null for anything that cannot be a token, so no store is asked. */
export function hashSecretToken(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}

/** `${origin}/${page}?token=…`: the dashboard's page that uses the token (origin is PUBLIC_URL). */
export const secretLink = (origin: string, page: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/${page}?token=${token}`;
