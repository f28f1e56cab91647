import type { Id } from '../../../shared/ids.js';

export type AnalyticsEventKind = 'view' | 'click';
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** One page view or link click, recorded once and never changed. */
export interface AnalyticsEvent {
  kind: AnalyticsEventKind;
  ownerId: Id;
  linkId: Id | null;
  occurredAt: Date;
  /** The referring page's host only. */
  referrer: string | null;
  device: DeviceClass | null;
}

/** Who is visiting, for the counters; nothing kept that identifies them. */
export interface VisitorContext {
  /** Known bots and link-preview fetchers are served but not counted. */
  isBot: boolean;
  referrer?: string | null;
  device?: DeviceClass | null;
}

/**
 * Events on their way to the rollups, queued together by one API process. The batch's id makes counting it
 * idempotent: a batch delivered again (queued twice, or a crashed worker's) counts nothing twice.
 */
export interface EventBatch {
  id: Id;
  events: AnalyticsEvent[];
}

export interface AnalyticsTotals {
  views: number;
  clicks: number;
}

/** Clicks ÷ views × 100 with one decimal; 0 when there are no views (decisions.md). */
export function clickRate(clicks: number, views: number): number {
  if (views <= 0) return 0;
  return Math.round((clicks / views) * 1000) / 10;
}

/** Only the host of a referrer is kept: enough for "top referrers", nothing that identifies a visitor. */
export function referrerHost(referrer: string | undefined | null): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/**
 * The visitor's device class from the User-Agent: tablets first (iPads, Android without "Mobile"), then
 * phones, else desktop; null when there is no User-Agent at all.
 */
export function deviceClass(userAgent: string | undefined | null): DeviceClass | null {
  if (!userAgent) return null;
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
