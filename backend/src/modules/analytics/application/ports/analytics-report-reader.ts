import type { Id } from '../../../../shared/ids.js';
import type { SaleCounts, VisitCounts } from '../../domain/analytics-report.js';
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
export interface VisitsAndSales {
  /** Views, unique visitors and clicks per UTC day ('YYYY-MM-DD'); days without any may be absent. */
  visitsByDay: Map<string, VisitCounts>;
  /** The same per key of each breakdown; keys without any may be absent. */
  visitsBy: Record<ReportDimension, Map<string, VisitCounts>>;
  /** Sales paid in the range (bookings, product orders and tips) per UTC day of payment. */
  salesByDay: Map<string, SaleCounts>;
  /** The same per the source, medium, campaign and country the sale carries. */
  salesBy: Record<SaleDimension, Map<string, SaleCounts>>;
}

/**
 * The report's reads: an owner's daily rollups within a range of days, and the sales paid in it (by the UTC day
 * of payment), each worth what the buyer was charged less the refunds that succeeded.
 */
export abstract class AnalyticsReportReader {
  abstract visitsAndSales(ownerId: Id, range: DayRange): Promise<VisitsAndSales>;
  /** The range's totals only (the comparison period's). */
  abstract totals(ownerId: Id, range: DayRange): Promise<{ visits: VisitCounts; sales: SaleCounts }>;
}
