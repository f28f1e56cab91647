import type { Id } from '../../../shared/ids.js';
import type { DayRange } from '../application/ports/analytics-reader.js';
import {
  REPORT_DIMENSIONS,
  SALE_DIMENSIONS,
  type AnalyticsReportReader,
  type ReportData,
  type ReportDimension,
  type SaleDimension,
} from '../application/ports/analytics-report-reader.js';
import {
  addSales,
  addVisits,
  NO_SALES,
  NO_VISITS,
  type KeyCounts,
  type SaleCounts,
  type VisitCounts,
} from '../domain/analytics-report.js';

export interface FakeSale {
  ownerId: Id;
  paidAt: Date;
  amountCents: number;
  /** What succeeded in coming back to the buyer. */
  refundedCents?: number;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  country?: string | null;
}

const within = (day: string, range: DayRange) => day >= range.from && day <= range.to;

function addTo<T>(map: Map<string, T>, key: string, value: T, add: (a: T, b: T) => T, zero: T): void {
  map.set(key, add(map.get(key) ?? zero, value));
}

/** The rollups and sales the report reads, as rows kept in memory (what the worker and checkout would write). */
export class InMemoryAnalyticsReport implements AnalyticsReportReader {
  private readonly days: Array<VisitCounts & { ownerId: Id; day: string }> = [];
  private readonly keys: Array<VisitCounts & { ownerId: Id; dimension: ReportDimension; day: string; key: string }> =
    [];
  private readonly sales: FakeSale[] = [];

  addDay(ownerId: Id, day: string, visits: Partial<VisitCounts>): void {
    this.days.push({ ownerId, day, ...NO_VISITS, ...visits });
  }

  addKey(ownerId: Id, dimension: ReportDimension, day: string, key: string, visits: Partial<VisitCounts>): void {
    this.keys.push({ ownerId, dimension, day, key, ...NO_VISITS, ...visits });
  }

  addSale(sale: FakeSale): void {
    this.sales.push(sale);
  }

  private salesIn(ownerId: Id, range: DayRange) {
    return this.sales
      .filter((sale) => sale.ownerId === ownerId && within(sale.paidAt.toISOString().slice(0, 10), range))
      .map((sale) => ({
        day: sale.paidAt.toISOString().slice(0, 10),
        keys: {
          source: sale.source ?? '',
          medium: sale.medium ?? '',
          campaign: sale.campaign ?? '',
          country: sale.country ?? 'unknown',
        } satisfies Record<SaleDimension, string>,
        counts: { orders: 1, revenueCents: sale.amountCents - (sale.refundedCents ?? 0) },
      }));
  }

  /** Every key of every breakdown, whatever the limit (the port allows more than the limit). */
  async read(ownerId: Id, range: DayRange, previous: DayRange | null, _limit: number | null): Promise<ReportData> {
    const visitsByDay = new Map<string, VisitCounts>();
    for (const row of this.days)
      if (row.ownerId === ownerId && within(row.day, range)) addTo(visitsByDay, row.day, row, addVisits, NO_VISITS);
    const salesByDay = new Map<string, SaleCounts>();
    const keyed = Object.fromEntries(REPORT_DIMENSIONS.map((d) => [d, new Map<string, KeyCounts>()])) as Record<
      ReportDimension,
      Map<string, KeyCounts>
    >;
    const entry = (dimension: ReportDimension, key: string) =>
      keyed[dimension].get(key) ?? keyed[dimension].set(key, { key, ...NO_VISITS, ...NO_SALES }).get(key)!;
    for (const row of this.keys) {
      if (row.ownerId !== ownerId || !within(row.day, range)) continue;
      Object.assign(entry(row.dimension, row.key), addVisits(entry(row.dimension, row.key), row));
    }
    for (const sale of this.salesIn(ownerId, range)) {
      addTo(salesByDay, sale.day, sale.counts, addSales, NO_SALES);
      for (const dimension of SALE_DIMENSIONS)
        Object.assign(
          entry(dimension, sale.keys[dimension]),
          addSales(entry(dimension, sale.keys[dimension]), sale.counts),
        );
    }
    const breakdowns = Object.fromEntries(
      REPORT_DIMENSIONS.map((d) => [d, [...keyed[d].values()]]),
    ) as ReportData['breakdowns'];
    return { visitsByDay, salesByDay, breakdowns, previous: previous ? this.totals(ownerId, previous) : null };
  }

  private totals(ownerId: Id, range: DayRange): { visits: VisitCounts; sales: SaleCounts } {
    let visits = NO_VISITS;
    for (const row of this.days) if (row.ownerId === ownerId && within(row.day, range)) visits = addVisits(visits, row);
    let sales = NO_SALES;
    for (const sale of this.salesIn(ownerId, range)) sales = addSales(sales, sale.counts);
    return { visits, sales };
  }
}
