import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { uploadKeyOwner } from '../domain/object-keys.js';
import { ObjectStorage } from './ports/object-storage.js';
import { UploadGrants, type UploadGrant } from './ports/upload-grants.js';

/** Grants are kept this long after their URL expired: far past CHOOSE_GRACE_MS, so none swept could still be claimed. */
export const GRANT_RETENTION_MS = 24 * 3600 * 1000;
/** Grants per transaction: a large backlog is worked through in short transactions. */
export const SWEEP_BATCH = 500;
/** Object deletes in flight at once, within a batch. */
const DELETE_CONCURRENCY = 10;

export interface UploadSweep {
  /** Grants deleted. */
  grants: number;
  /** Unclaimed grants whose upload (under uploads/) was deleted, or never arrived. */
  uploads: number;
  /** Grants kept because their upload could not be deleted (tried again by the next sweep). */
  kept: number;
}

/**
 * Daily (the `media-sweep` job): forgets upload grants whose URL expired more than a day ago. A grant never
 * claimed takes its upload (`uploads/<user>/<uuid>`, if its PUT ever came) with it; a claimed one's upload
 * was already moved to `users/`, so only the row goes.
 *
 * Order: each batch of grants is locked (FOR UPDATE SKIP LOCKED, so concurrent sweeps never share a grant),
 * their uploads are deleted, and only then, in the same transaction, the grants whose upload is gone. A
 * failed delete keeps its grant for the next sweep; deleting the rows first would lose track of an object
 * whose delete then failed, for good. Nothing a profile shows can go: only keys of the upload shape are ever
 * deleted (profiles show `users/` keys only), and a grant locked or deleted here can no longer be claimed.
 */
@Injectable()
export class SweepUploadsUseCase {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly grants: UploadGrants,
    private readonly storage: ObjectStorage,
    private readonly clock: Clock,
  ) {}

  async execute(options: { batchSize?: number } = {}): Promise<UploadSweep> {
    const batchSize = options.batchSize ?? SWEEP_BATCH;
    const before = new Date(this.clock.now().getTime() - GRANT_RETENTION_MS);
    const total: UploadSweep = { grants: 0, uploads: 0, kept: 0 };
    for (;;) {
      let result: UploadSweep = { grants: 0, uploads: 0, kept: 0 };
      const seen = await this.grants.sweepExpired(before, batchSize, async (batch) => {
        const { removable, ...counts } = await this.deleteUploads(batch);
        result = counts;
        return removable;
      });
      total.grants += result.grants;
      total.uploads += result.uploads;
      total.kept += result.kept;
      // A failed delete means store trouble: the rest waits for the next sweep rather than failing again here.
      if (seen < batchSize || result.kept > 0) break;
    }
    if (total.kept > 0) this.logger.warn(`Upload sweep: ${total.kept} upload(s) could not be deleted, kept for the next sweep`);
    return total;
  }

  /** The keys of the grants that may go now: every claimed one, and each unclaimed one whose upload is gone. */
  private async deleteUploads(batch: UploadGrant[]): Promise<UploadSweep & { removable: string[] }> {
    const removable: string[] = [];
    const unclaimed: UploadGrant[] = [];
    for (const grant of batch) {
      // A key of any other shape was never an upload of ours: its row goes, no object is touched.
      if (grant.consumedAt !== null || uploadKeyOwner(grant.key) === null) removable.push(grant.key);
      else unclaimed.push(grant);
    }
    let uploads = 0;
    for (let i = 0; i < unclaimed.length; i += DELETE_CONCURRENCY) {
      const chunk = unclaimed.slice(i, i + DELETE_CONCURRENCY);
      const outcomes = await Promise.allSettled(chunk.map((grant) => this.storage.delete(grant.key)));
      outcomes.forEach((outcome, j) => {
        const key = chunk[j]!.key;
        if (outcome.status === 'fulfilled') {
          removable.push(key);
          uploads += 1;
        } else {
          this.logger.warn(`Could not delete ${key}: ${String(outcome.reason)}`);
        }
      });
    }
    return { removable, grants: removable.length, uploads, kept: batch.length - removable.length };
  }
}
