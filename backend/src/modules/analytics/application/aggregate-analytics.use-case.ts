import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { EventBatch } from '../domain/analytics.js';
import { AnalyticsRollups } from './ports/analytics-rollups.js';

/** Batch ids are remembered this long: far beyond the longest a queued event can wait for its retries. */
const SEEN_RETENTION_MS = 14 * 24 * 3600 * 1000;

@Injectable()
export class AggregateAnalyticsUseCase {
  constructor(
    private readonly rollups: AnalyticsRollups,
    private readonly clock: Clock,
  ) {}

  /** Counts batches of views and clicks into the rollups, each batch exactly once. */
  execute(batches: EventBatch[]): Promise<number> {
    return batches.length === 0 ? Promise.resolve(0) : this.rollups.apply(batches);
  }

  forgetOldEventIds(): Promise<number> {
    return this.rollups.forgetSeenBefore(new Date(this.clock.now().getTime() - SEEN_RETENTION_MS));
  }
}
