import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@linkbio/shared-contracts';

/** Where an account's two-factor sign-in stands. */
export interface TwoFactorState {
  /** The shared secret (base32) of the app set up, or being set up. */
  secret: string;
  /** False while the set-up waits for its first code. */
  enabled: boolean;
  recoveryCodesLeft: number;
}

// Letters and digits that cannot be mistaken for one another when read from paper (no 0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes like "k7m2p-x9qtr" (50 bits each), to show once. */
export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => code().replace(/^(.{5})/, '$1-'));
}

/** A recovery code as typed (any case, spaces or hyphens anywhere) in the one form that is hashed. */
export const normalizedRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

/** What is stored of a recovery code: its SHA-256 (the codes are random, so no slow hash is needed). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(normalizedRecoveryCode(code)).digest('hex');
