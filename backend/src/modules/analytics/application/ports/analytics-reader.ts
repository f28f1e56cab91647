import type { Id } from '../../../../shared/ids.js';
import type { AnalyticsTotals, DeviceClass } from '../../domain/analytics.js';

/** A run of UTC days, 'YYYY-MM-DD', both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DayCounts {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  views: number;
  clicks: number;
}

export abstract class AnalyticsReader {
  abstract totalsForOwner(ownerId: Id): Promise<AnalyticsTotals>;
  /** Click count per link id of the owner; links without clicks may be absent. */
  abstract clicksByLink(ownerId: Id): Promise<Map<Id, number>>;

  /** The owner's views and clicks per day within the range, oldest first; days without any may be absent. */
  abstract dailyForOwner(ownerId: Id, range: DayRange): Promise<DayCounts[]>;
  /** Clicks per link id of the owner within the range; links without clicks there may be absent. */
  abstract linkClicksInRange(ownerId: Id, range: DayRange): Promise<Map<Id, number>>;
  /** The hosts that referred the most views within the range, most first (ties by host), at most `limit`. */
  abstract topReferrers(ownerId: Id, range: DayRange, limit: number): Promise<Array<{ host: string; views: number }>>;
  /** Views per device class within the range; classes without views may be absent. */
  abstract viewsByDevice(ownerId: Id, range: DayRange): Promise<Map<DeviceClass, number>>;
}
