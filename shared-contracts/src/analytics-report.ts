/**
 * The report (issue 29), a Premium extra: `GET /api/analytics/report?from=YYYY-MM-DD&to=YYYY-MM-DD&compare=previous`
 * and the same as CSV at `GET /api/analytics/report.csv`. Days are UTC dates, both ends included. Views, unique
 * visitors and clicks come from the day's rollups; orders and revenue are the paid bookings, product sales and
 * tips of the period (by the day they were paid), attributed to the visit that led to them.
 *
 * A unique visitor is counted once per page per day (the salt that makes them recognisable lives one day), so
 * a period's unique visitors are the sum of its days'.
 */

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 366;
/**
 * Rows listed at most per breakdown in the JSON report (the CSV has them all): most views first, then most
 * clicks, then most orders; ties by key (code-point order, none first).
 */
export const REPORT_ROWS_LIMIT = 100;

export const REPORT_BREAKDOWNS = ['bySource', 'byMedium', 'byCampaign', 'byCountry', 'byDevice', 'byLink'] as const;
export type ReportBreakdown = (typeof REPORT_BREAKDOWNS)[number];

export interface ReportTotals {
  views: number;
  uniqueVisitors: number;
  clicks: number;
  /** clicks ÷ views × 100, one decimal; 0 without views. */
  clickRate: number;
  /** Paid bookings, product sales and tips. */
  orders: number;
  /** What those sales earned the creator (their share of the price, less refunds' share), in cents: the Earnings card's ledger. */
  revenueCents: number;
}

export interface ReportRow {
  /**
   * The day ('YYYY-MM-DD'), source, medium, campaign, country (ISO 3166-1 alpha-2, or 'unknown'), device class
   * or link id; null for "none" (a direct visit, no campaign, no device told). A sale that carries no country
   * counts under 'unknown'. Sales have no device or link: their rows in byDevice and byLink have 0 orders.
   */
  key: string | null;
  /** A link's title (byLink only). */
  label?: string;
  views: number;
  uniqueVisitors: number;
  clicks: number;
  orders: number;
  revenueCents: number;
}

export interface DayRangeView {
  from: string;
  to: string;
}

export interface AnalyticsReportView extends Record<ReportBreakdown, ReportRow[]> {
  from: string;
  to: string;
  totals: ReportTotals;
  /** The period of the same length just before, when `compare=previous`; otherwise null. */
  previousRange: DayRangeView | null;
  previous: ReportTotals | null;
  /** Every day of the period, oldest first, zeros included. */
  byDay: ReportRow[];
}

export const ReportMessages = {
  fromRequired: 'from is required, as YYYY-MM-DD',
  toRequired: 'to is required, as YYYY-MM-DD',
  badDate: (field: 'from' | 'to') => `${field} must be a date written as YYYY-MM-DD`,
  once: (field: string) => `${field} must be given once`,
  order: 'from must be on or before to',
  future: 'to must not be after today (UTC)',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days`,
  compare: 'compare must be previous, or left out',
  unknown: (field: string) => `${field} is not a report option`,
  premiumOnly: 'The full report is part of Premium. Upgrade to see where your visitors and sales come from.',
} as const;

export interface ReportQuery {
  from: string;
  to: string;
  compare: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OPTIONS = new Set(['from', 'to', 'compare']);

/** A real calendar date written as YYYY-MM-DD (2027-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The day `days` after (or, negative, before) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The period of the same length that ends the day before `range` starts. */
export function previousRangeOf(range: DayRangeView): DayRangeView {
  const length = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/**
 * The report's query, checked: a problem a person can read, or the query. `today` is the current UTC date.
 * Options other than from, to and compare are refused, and so is any given twice.
 */
export function parseReportQuery(query: Record<string, unknown>, today: string): { query: ReportQuery } | { problem: string } {
  for (const field of Object.keys(query)) if (!OPTIONS.has(field)) return { problem: ReportMessages.unknown(field.slice(0, 40)) };
  const one = (field: string): string | undefined | null => {
    const value = query[field];
    if (value === undefined) return undefined;
    return typeof value === 'string' ? value : null;
  };
  const from = one('from');
  const to = one('to');
  const compare = one('compare');
  if (from === null) return { problem: ReportMessages.once('from') };
  if (to === null) return { problem: ReportMessages.once('to') };
  if (compare === null) return { problem: ReportMessages.once('compare') };
  if (from === undefined || from === '') return { problem: ReportMessages.fromRequired };
  if (to === undefined || to === '') return { problem: ReportMessages.toRequired };
  if (!isDay(from)) return { problem: ReportMessages.badDate('from') };
  if (!isDay(to)) return { problem: ReportMessages.badDate('to') };
  if (from > to) return { problem: ReportMessages.order };
  if (to > today) return { problem: ReportMessages.future };
  if (daysBetween(from, to) > REPORT_MAX_DAYS) return { problem: ReportMessages.tooLong };
  if (compare !== undefined && compare !== 'previous') return { problem: ReportMessages.compare };
  return { query: { from, to, compare: compare === 'previous' } };
}
