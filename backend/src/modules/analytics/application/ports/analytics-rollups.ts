import type { EventBatch } from '../../domain/analytics.js';

/** The aggregates the worker keeps: per-day rollups per page and per link, referrers, devices, link totals. */
export abstract class AnalyticsRollups {
  /**
   * Adds the batches not counted before to the rollups, all or nothing; a batch id already counted is
   * skipped, so a batch delivered again (a crashed worker's) counts nothing twice. Returns how many events
   * were new.
   */
  abstract apply(batches: EventBatch[]): Promise<number>;
  /** Forgets the ids of batches counted before `before` (no delivery is retried that late). */
  abstract forgetSeenBefore(before: Date): Promise<number>;
}
