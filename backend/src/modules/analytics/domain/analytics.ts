import type { Attribution } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';

export type AnalyticsEventKind = 'view' | 'click';
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** Where a visit came from: `utm_source` (else the referring host), `utm_medium`, `utm_campaign` (shared-contracts' Attribution). */
export type VisitSource = Attribution;

/**
 * The request a visitor made, as far as the counters look at it: its address (as Express's req.ip reads it)
 * and User-Agent. Only the recorder looks at them, to tell the visitor's country and daily hash; neither is
 * ever stored, logged or queued.
 */
export interface VisitorOrigin {
  address: string;
  userAgent: string;
}

/** One page view or link click, recorded once and never changed. */
export interface AnalyticsEvent {
  kind: AnalyticsEventKind;
  ownerId: Id;
  linkId: Id | null;
  occurredAt: Date;
  /** The referring page's host only. */
  referrer: string | null;
  device: DeviceClass | null;
  /** The visit's campaign (on a click: the visit's the click came from); null when direct. */
  source?: VisitSource | null;
  /** Null when the request is not known (the visitor is then counted, but not as a unique visitor). */
  visitor?: VisitorOrigin | null;
}

/** Who is visiting, for the counters; nothing kept that identifies them. */
export interface VisitorContext {
  /** Known bots and link-preview fetchers are served but not counted. */
  isBot: boolean;
  referrer?: string | null;
  device?: DeviceClass | null;
  source?: VisitSource | null;
  origin?: VisitorOrigin | null;
}

/**
 * Views or clicks of the same kind, page or link, UTC day and source, as one API process counted them together:
 * how many, and the visitor hashes among them that process had not handed on before that day (the rollups
 * count each hash once per day whoever sends it).
 */
export interface EventGroup {
  kind: AnalyticsEventKind;
  ownerId: Id;
  linkId: Id | null;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  referrer: string | null;
  device: DeviceClass | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** ISO 3166-1 alpha-2, or 'unknown'. */
  country: string;
  count: number;
  /** Visitor hashes (64-bit, signed, as decimal text). */
  visitors: string[];
  /** When the earliest of them happened (ms since the epoch). */
  firstAt: number;
}

/**
 * Views and clicks on their way to the rollups, queued together by one API process. The batch's id makes
 * counting it idempotent: a batch delivered again (queued twice, or a crashed worker's) counts nothing twice.
 */
export interface EventBatch {
  id: Id;
  groups: EventGroup[];
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
