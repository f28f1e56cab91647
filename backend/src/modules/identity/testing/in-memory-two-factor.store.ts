import type { Id } from '../../../shared/ids.js';
import { TwoFactorStore } from '../application/ports/two-factor.store.js';
import type { TwoFactorState } from '../domain/two-factor.js';

interface Row {
  secret: string;
  enabled: boolean;
  lastStep: number;
  codes: Map<string, Date | null>;
}

/** TwoFactorStore over a Map, with PostgresTwoFactorStore's rules. */
export class InMemoryTwoFactorStore extends TwoFactorStore {
  private readonly rows = new Map<Id, Row>();

  async state(userId: Id): Promise<TwoFactorState | null> {
    const row = this.rows.get(userId);
    if (!row) return null;
    const left = [...row.codes.values()].filter((usedAt) => usedAt === null).length;
    return { secret: row.secret, enabled: row.enabled, recoveryCodesLeft: left };
  }

  async startSetup(userId: Id, secret: string): Promise<boolean> {
    if (this.rows.get(userId)?.enabled) return false;
    this.rows.set(userId, { secret, enabled: false, lastStep: 0, codes: new Map() });
    return true;
  }

  async enable(userId: Id, secret: string, step: number, hashes: string[]): Promise<boolean> {
    const row = this.rows.get(userId);
    if (!row || row.enabled || row.secret !== secret) return false;
    this.rows.set(userId, { secret, enabled: true, lastStep: step, codes: new Map(hashes.map((hash) => [hash, null])) });
    return true;
  }

  async useStep(userId: Id, step: number): Promise<boolean> {
    const row = this.rows.get(userId);
    if (!row?.enabled || row.lastStep >= step) return false;
    row.lastStep = step;
    return true;
  }

  async useRecoveryCode(userId: Id, hash: string, now: Date): Promise<boolean> {
    const row = this.rows.get(userId);
    if (!row || row.codes.get(hash) !== null) return false;
    row.codes.set(hash, now);
    return true;
  }

  async disable(userId: Id): Promise<void> {
    this.rows.delete(userId);
  }
}
