import type { RecordedEvent } from '../../domain/analytics.js';

/** The aggregates the worker keeps: per-day rollups per page and per link, referrers, devices, link totals. */
export abstract class AnalyticsRollups {
  /**
   * Adds the events not counted before to the rollups, all or nothing; an event id already counted is
   * skipped, so a batch delivered again (a crashed worker's) counts nothing twice. Returns how many were new.
   */
  abstract apply(events: RecordedEvent[]): Promise<number>;
  /** Forgets the ids of events counted before `before` (no delivery is retried that late). */
  abstract forgetSeenBefore(before: Date): Promise<number>;
}
