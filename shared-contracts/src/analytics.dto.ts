/**
 * Daily analytics, a Premium extra (decisions.md, Premium): GET /api/analytics/daily?days=7|30|90.
 * Days are UTC dates ('YYYY-MM-DD'). A range of N days ends today (UTC) and starts N − 1 days before, both
 * included: days=7 on 2026-03-10 covers 2026-03-04 to 2026-03-10.
 */

export const ANALYTICS_RANGE_DAYS = [7, 30, 90] as const;
export type AnalyticsRangeDays = (typeof ANALYTICS_RANGE_DAYS)[number];
/** The range when the request names none. */
export const DEFAULT_ANALYTICS_RANGE_DAYS: AnalyticsRangeDays = 30;
/** How many referrer hosts the answer lists at most. */
export const TOP_REFERRERS_LIMIT = 10;

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClassName = (typeof DEVICE_CLASSES)[number];

export const AnalyticsMessages = {
  invalidRange: 'days must be 7, 30 or 90',
  premiumOnly: 'Daily analytics are part of Premium. Upgrade to see views, clicks, referrers and devices day by day.',
} as const;

/** One day of the range; days without visits are present with zeros. */
export interface DailyAnalyticsPoint {
  date: string;
  views: number;
  clicks: number;
  /** clicks ÷ views × 100, one decimal; 0 without views. */
  clickRate: number;
}

export interface LinkClicksView {
  id: string;
  title: string;
  /** Clicks within the range. */
  clicks: number;
}

export interface ReferrerViewsView {
  host: string;
  views: number;
}

export interface DeviceViewsView {
  device: DeviceClassName;
  views: number;
}

export interface DailyAnalyticsView {
  days: AnalyticsRangeDays;
  /** First day of the range, 'YYYY-MM-DD' (UTC). */
  from: string;
  /** Last day of the range: today, 'YYYY-MM-DD' (UTC). */
  to: string;
  /** Every day from `from` to `to`, oldest first. */
  series: DailyAnalyticsPoint[];
  /** The creator's current links (deleted ones never appear), most clicked in the range first. */
  links: LinkClicksView[];
  /** Hosts that sent the most views in the range, at most TOP_REFERRERS_LIMIT, most first. */
  referrers: ReferrerViewsView[];
  /** Views in the range per device class: mobile, tablet and desktop, always all three, in that order. */
  devices: DeviceViewsView[];
  totals: { views: number; clicks: number; clickRate: number };
}
