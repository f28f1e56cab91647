import type { Id } from '../../../shared/ids.js';

export type AnalyticsEventKind = 'view' | 'click';

/** One page view or link click, recorded once and never changed. */
export interface AnalyticsEvent {
  kind: AnalyticsEventKind;
  ownerId: Id;
  linkId: Id | null;
  occurredAt: Date;
  referrer: string | null;
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
