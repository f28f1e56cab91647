import type { Id } from '../../../shared/ids.js';
import { type AnalyticsReader } from '../application/ports/analytics-reader.js';
import { type AnalyticsRecorder } from '../application/ports/analytics-recorder.js';
import type { AnalyticsEvent, AnalyticsTotals } from '../domain/analytics.js';

/** Recorder and reader over one list of events, counted on read like MikroOrmAnalyticsStore. */
export class InMemoryAnalyticsStore implements AnalyticsRecorder, AnalyticsReader {
  private readonly events: AnalyticsEvent[] = [];

  async record(event: AnalyticsEvent): Promise<void> {
    this.events.push({ ...event, occurredAt: new Date(event.occurredAt.getTime()) });
  }

  async totalsForOwner(ownerId: Id): Promise<AnalyticsTotals> {
    const own = this.events.filter((event) => event.ownerId === ownerId);
    return {
      views: own.filter((event) => event.kind === 'view').length,
      clicks: own.filter((event) => event.kind === 'click').length,
    };
  }

  async clicksByLink(ownerId: Id): Promise<Map<Id, number>> {
    const clicks = new Map<Id, number>();
    for (const event of this.events) {
      if (event.ownerId === ownerId && event.kind === 'click' && event.linkId !== null) {
        clicks.set(event.linkId, (clicks.get(event.linkId) ?? 0) + 1);
      }
    }
    return clicks;
  }

  /** Every event recorded so far, oldest first (copies). */
  recorded(): AnalyticsEvent[] {
    return this.events.map((event) => ({ ...event, occurredAt: new Date(event.occurredAt.getTime()) }));
  }
}
