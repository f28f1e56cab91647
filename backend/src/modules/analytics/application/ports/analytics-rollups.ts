import type { EventBatch } from '../../domain/analytics.js';

/**
 * The aggregates the worker keeps: per-day rollups per page (views, clicks, unique visitors) and per breakdown
 * (referrer, source, medium, campaign, country, device, link), link totals, and the day's visitor hashes.
 */
export abstract class AnalyticsRollups {
  /**
   * Adds the batches not counted before to the rollups, all or nothing; a batch id already counted is
   * skipped, so a batch delivered again (a crashed worker's) counts nothing twice. Returns how many events
   * were new.
   */
  abstract apply(batches: EventBatch[]): Promise<number>;
  /** Deletes the visitor hashes of the days before `day` (UTC, 'YYYY-MM-DD'); returns how many. */
  abstract forgetVisitorsBefore(day: string): Promise<number>;
  /** Forgets the ids of batches counted before `before` (no delivery is retried that late). */
  abstract forgetSeenBefore(before: Date): Promise<number>;
}
