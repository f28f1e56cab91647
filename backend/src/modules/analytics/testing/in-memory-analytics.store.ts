import type { Id } from '../../../shared/ids.js';
import { type AnalyticsReader, type DayCounts, type DayRange } from '../application/ports/analytics-reader.js';
import { type AnalyticsRecorder, type RecorderBacklog } from '../application/ports/analytics-recorder.js';
import type { AnalyticsEvent, AnalyticsTotals, DeviceClass } from '../domain/analytics.js';

/** The UTC day of an event, as the rollups count it. */
const dayOf = (event: AnalyticsEvent) => event.occurredAt.toISOString().slice(0, 10);
const within = (event: AnalyticsEvent, range: DayRange) => dayOf(event) >= range.from && dayOf(event) <= range.to;

/** Recorder and reader over one list of events, counted on read: what the queue, worker and rollups add up to. */
export class InMemoryAnalyticsStore implements AnalyticsRecorder, AnalyticsReader {
  private readonly events: AnalyticsEvent[] = [];

  async record(event: AnalyticsEvent): Promise<void> {
    this.events.push({ ...event, occurredAt: new Date(event.occurredAt.getTime()) });
  }

  backlog(): RecorderBacklog {
    return { held: 0, dropped: 0 };
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

  async dailyForOwner(ownerId: Id, range: DayRange): Promise<DayCounts[]> {
    const days = new Map<string, DayCounts>();
    for (const event of this.owned(ownerId, range)) {
      const day = days.get(dayOf(event)) ?? { day: dayOf(event), views: 0, clicks: 0 };
      if (event.kind === 'view') day.views += 1;
      else day.clicks += 1;
      days.set(day.day, day);
    }
    return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  async linkClicksInRange(ownerId: Id, range: DayRange): Promise<Map<Id, number>> {
    const clicks = new Map<Id, number>();
    for (const event of this.owned(ownerId, range)) {
      if (event.kind === 'click' && event.linkId !== null)
        clicks.set(event.linkId, (clicks.get(event.linkId) ?? 0) + 1);
    }
    return clicks;
  }

  async topReferrers(ownerId: Id, range: DayRange, limit: number): Promise<Array<{ host: string; views: number }>> {
    const views = new Map<string, number>();
    for (const event of this.owned(ownerId, range)) {
      if (event.kind === 'view' && event.referrer !== null)
        views.set(event.referrer, (views.get(event.referrer) ?? 0) + 1);
    }
    return [...views.entries()]
      .map(([host, count]) => ({ host, views: count }))
      .sort((a, b) => b.views - a.views || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0))
      .slice(0, limit);
  }

  async viewsByDevice(ownerId: Id, range: DayRange): Promise<Map<DeviceClass, number>> {
    const views = new Map<DeviceClass, number>();
    for (const event of this.owned(ownerId, range)) {
      if (event.kind === 'view' && event.device !== null) views.set(event.device, (views.get(event.device) ?? 0) + 1);
    }
    return views;
  }

  private owned(ownerId: Id, range: DayRange): AnalyticsEvent[] {
    return this.events.filter((event) => event.ownerId === ownerId && within(event, range));
  }

  /** Every event recorded so far, oldest first (copies). */
  recorded(): AnalyticsEvent[] {
    return this.events.map((event) => ({ ...event, occurredAt: new Date(event.occurredAt.getTime()) }));
  }
}
