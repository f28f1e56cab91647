import { UploadGrants, type UploadGrant } from '../application/ports/upload-grants.js';

/** UploadGrants over a Map, with the same conditional updates as the table and its row locks for sweeps. */
export class InMemoryUploadGrants extends UploadGrants {
  private readonly rows = new Map<string, UploadGrant>();
  private readonly locked = new Set<string>();

  async issue(grant: { key: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    if (this.rows.has(grant.key)) throw new Error(`Grant ${grant.key} exists`);
    this.rows.set(grant.key, { key: grant.key, userId: grant.userId, expiresAt: grant.expiresAt, uploadedAt: null, consumedAt: null });
  }

  async find(key: string): Promise<UploadGrant | null> {
    const row = this.rows.get(key);
    return row ? { ...row } : null;
  }

  async markUploaded(key: string, now: Date): Promise<boolean> {
    const row = this.rows.get(key);
    if (!row || row.uploadedAt || row.expiresAt <= now) return false;
    row.uploadedAt = now;
    return true;
  }

  async markConsumed(key: string, now: Date): Promise<boolean> {
    const row = this.rows.get(key);
    if (!row || row.consumedAt) return false;
    row.consumedAt = now;
    return true;
  }

  /** Locked grants are skipped, as FOR UPDATE SKIP LOCKED does; nothing is deleted when `work` rejects. */
  async sweepExpired(before: Date, limit: number, work: (grants: UploadGrant[]) => Promise<string[]>): Promise<number> {
    const batch = [...this.rows.values()].filter((row) => row.expiresAt < before && !this.locked.has(row.key)).slice(0, limit);
    batch.forEach((row) => this.locked.add(row.key));
    try {
      const done = new Set(await work(batch.map((row) => ({ ...row }))));
      for (const row of batch) if (done.has(row.key)) this.rows.delete(row.key);
      return batch.length;
    } finally {
      batch.forEach((row) => this.locked.delete(row.key));
    }
  }

  /** Every grant's key (tests check what a sweep left). */
  keys(): string[] {
    return [...this.rows.keys()];
  }
}
