import { clickRate } from './analytics.js';

/** A period's or a key's visits, from the daily rollups. */
export interface VisitCounts {
  views: number;
  uniqueVisitors: number;
  clicks: number;
}

/** A period's or a key's paid sales: how many, and what they brought in less what was refunded, in cents. */
export interface SaleCounts {
  orders: number;
  revenueCents: number;
}

/** A breakdown's key (as stored: '' is "none") with its visits and sales. */
export interface KeyCounts extends VisitCounts, SaleCounts {
  key: string;
}

export interface ReportLine extends VisitCounts, SaleCounts {
  /** null for "none" (stored as ''). */
  key: string | null;
  label?: string;
}

export const NO_VISITS: VisitCounts = Object.freeze({ views: 0, uniqueVisitors: 0, clicks: 0 });
export const NO_SALES: SaleCounts = Object.freeze({ orders: 0, revenueCents: 0 });

/** A key as the report shows it: the stored '' of "none" is null. */
export const shownKey = (stored: string): string | null => (stored === '' ? null : stored);

export function addVisits(into: VisitCounts, more: VisitCounts): VisitCounts {
  return {
    views: into.views + more.views,
    uniqueVisitors: into.uniqueVisitors + more.uniqueVisitors,
    clicks: into.clicks + more.clicks,
  };
}

export function addSales(into: SaleCounts, more: SaleCounts): SaleCounts {
  return { orders: into.orders + more.orders, revenueCents: into.revenueCents + more.revenueCents };
}

/** A period's totals with its click rate (clicks ÷ views × 100, one decimal; 0 without views). */
export function totalsOf(visits: VisitCounts, sales: SaleCounts) {
  return {
    views: visits.views,
    uniqueVisitors: visits.uniqueVisitors,
    clicks: visits.clicks,
    clickRate: clickRate(visits.clicks, visits.views),
    orders: sales.orders,
    revenueCents: sales.revenueCents,
  };
}

/** Code-point order (as PostgreSQL's "C" collation), "none" first. */
const byKey = (a: string | null, b: string | null) => {
  const left = a ?? '';
  const right = b ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
};

/** Most views first, then most clicks, then most orders; ties by key. */
export function compareLines(a: ReportLine, b: ReportLine): number {
  return b.views - a.views || b.clicks - a.clicks || b.orders - a.orders || byKey(a.key, b.key);
}

/** One breakdown's lines in report order, at most `limit`. */
export function breakdownLines(keys: readonly KeyCounts[], limit: number): ReportLine[] {
  return keys
    .map((counts) => ({ ...counts, key: shownKey(counts.key) }))
    .sort(compareLines)
    .slice(0, limit);
}
