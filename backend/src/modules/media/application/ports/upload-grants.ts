export interface UploadGrant {
  key: string;
  userId: string;
  expiresAt: Date;
  uploadedAt: Date | null;
  consumedAt: Date | null;
}

/** Every upload URL issued: to whom, until when, whether its one PUT came and whether its image was used. */
export abstract class UploadGrants {
  abstract issue(grant: { key: string; userId: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  abstract find(key: string): Promise<UploadGrant | null>;
  /** Marks the one PUT as received; false when it was already received or the grant has expired. */
  abstract markUploaded(key: string, now: Date): Promise<boolean>;
  /** Marks the uploaded image as used by a profile; false when it already was. */
  abstract markConsumed(key: string, now: Date): Promise<boolean>;
  /**
   * Hands `work` up to `limit` grants whose URL expired before `before`, each locked until `work` ends (grants
   * another sweep holds are skipped, a claim waits), then deletes the grants whose keys `work` returned, all
   * in one transaction. Returns how many grants `work` got; fewer than `limit` means none are left for now.
   */
  abstract sweepExpired(before: Date, limit: number, work: (grants: UploadGrant[]) => Promise<string[]>): Promise<number>;
}
