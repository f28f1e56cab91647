import { UploadGrants, type UploadGrant } from '../application/ports/upload-grants.js';

/** UploadGrants over a Map, with the same conditional updates as the table. */
export class InMemoryUploadGrants extends UploadGrants {
  private readonly rows = new Map<string, UploadGrant>();

  async issue(grant: { key: string; userId: string; expiresAt: Date }): Promise<void> {
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
}
