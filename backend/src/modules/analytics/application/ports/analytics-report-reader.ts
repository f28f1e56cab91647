import type { Id } from '../../../../shared/ids.js';
import type { KeyCounts, SaleCounts, VisitCounts } from '../../domain/analytics-report.js';
import type { DayRange } from './analytics-reader.js';

/** The breakdowns the report lists, as the rollups name their dimension. */
export const REPORT_DIMENSIONS = ['source', 'medium', 'campaign', 'country', 'device', 'link'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** The breakdowns a sale is attributed to (a sale has no device or link). */
export const SALE_DIMENSIONS = ['source', 'medium', 'campaign', 'country'] as const;
export type SaleDimension = (typeof SALE_DIMENSIONS)[number];

/**
 * What the report is made of. Keys are as stored: '' is "none" (a direct visit, no campaign, no device told);
 * a sale without a country has 'unknown', as a visit without one does.
 */
export interface ReportData {
  /** Views, unique visitors and clicks per UTC day ('YYYY-MM-DD'); days without any may be absent. */
  visitsByDay: Map<string, VisitCounts>;
  /** Sales paid (bookings, product orders and tips) per UTC day of payment; days without any may be absent. */
  salesByDay: Map<string, SaleCounts>;
  /**
   * Per breakdown, its keys' visits and the sales attributed to them (a key with sales but no counted visit
   * too). With a `limit`: at least the first `limit` keys in report order (compareLines), every key tied with
   * them on views, clicks and orders, and every link; without, every key.
   */
  breakdowns: Record<ReportDimension, KeyCounts[]>;
  /** The totals of the period before, when asked. */
  previous: { visits: VisitCounts; sales: SaleCounts } | null;
}

/**
 * The report's reads: an owner's daily rollups within a range of days and the sales paid in it (by the UTC day
 * of payment), each worth what it earned the creator (its ledger entries: their share, less refunds'); and the totals of
 * `previous` (the period just before, ending the day before `range` starts) when given.
 */
export abstract class AnalyticsReportReader {
  abstract read(ownerId: Id, range: DayRange, previous: DayRange | null, limit: number | null): Promise<ReportData>;
}
