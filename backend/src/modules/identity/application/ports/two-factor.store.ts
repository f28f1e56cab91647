import type { Id } from '../../../../shared/ids.js';
import type { TwoFactorState } from '../../domain/two-factor.js';

/** Each account's two-factor secret, the last time step a code was used for, and its recovery codes (hashed). */
export abstract class TwoFactorStore {
  abstract state(userId: Id): Promise<TwoFactorState | null>;
  /** Keeps a new secret waiting for its first code, replacing one that waited; false when two-factor is on. */
  abstract startSetup(userId: Id, secret: string, now: Date): Promise<boolean>;
  /**
   * Turns two-factor on with the secret that waited, `step` as the last used and these recovery codes (their
   * hashes), in one step; false when nothing waited (already on, or the secret changed meanwhile).
   */
  abstract enable(userId: Id, secret: string, step: number, recoveryCodeHashes: string[], now: Date): Promise<boolean>;
  /** Records `step` as used when it is later than the last one used: false for a code used before (a replay). */
  abstract useStep(userId: Id, step: number): Promise<boolean>;
  /** Marks the unused recovery code with this hash used; false when there is none. */
  abstract useRecoveryCode(userId: Id, hash: string, now: Date): Promise<boolean>;
  /** Forgets the secret and the recovery codes. */
  abstract disable(userId: Id): Promise<void>;
}
