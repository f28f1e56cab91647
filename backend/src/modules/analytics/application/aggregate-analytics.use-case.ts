import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { RecordedEvent } from '../domain/analytics.js';
import { AnalyticsRollups } from './ports/analytics-rollups.js';

/** Event ids are remembered this long: far beyond the longest a queued event can wait for its retries. */
const SEEN_RETENTION_MS = 14 * 24 * 3600 * 1000;

@Injectable()
export class AggregateAnalyticsUseCase {
  constructor(
    private readonly rollups: AnalyticsRollups,
    private readonly clock: Clock,
  ) {}

  /** Counts a batch of views and clicks into the rollups, each event exactly once. */
  execute(events: RecordedEvent[]): Promise<number> {
    return events.length === 0 ? Promise.resolve(0) : this.rollups.apply(events);
  }

  forgetOldEventIds(): Promise<number> {
    return this.rollups.forgetSeenBefore(new Date(this.clock.now().getTime() - SEEN_RETENTION_MS));
  }
}
