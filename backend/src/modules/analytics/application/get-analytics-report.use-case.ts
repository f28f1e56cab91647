import { Injectable } from '@nestjs/common';
import {
  addDays,
  daysBetween,
  parseReportQuery,
  previousRangeOf,
  REPORT_ROWS_LIMIT,
  ReportMessages,
  type AnalyticsReportView,
  type ReportRow,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import {
  addSales,
  addVisits,
  breakdownLines,
  compareLines,
  NO_SALES,
  NO_VISITS,
  totalsOf,
  type KeyCounts,
  type ReportLine,
} from '../domain/analytics-report.js';
import { AnalyticsReportReader } from './ports/analytics-report-reader.js';
import { OwnedLinks } from './ports/owned-links.js';

const toRow = ({ key, label, views, uniqueVisitors, clicks, orders, revenueCents }: ReportLine): ReportRow => ({
  key,
  ...(label === undefined ? {} : { label }),
  views,
  uniqueVisitors,
  clicks,
  orders,
  revenueCents,
});

/**
 * The report (a Premium extra, issue 29): a period's views, unique visitors, clicks, orders and revenue, day by
 * day and by source, medium, campaign, country, device and link, and the period before it when asked.
 * `rowsLimit` caps each breakdown (the JSON answer's); the CSV asks for every row.
 */
@Injectable()
export class GetAnalyticsReportUseCase {
  constructor(
    private readonly reader: AnalyticsReportReader,
    private readonly links: OwnedLinks,
    private readonly clock: Clock,
  ) {}

  async execute(
    creator: { id: Id; isPremium: boolean },
    rawQuery: Record<string, unknown>,
    rowsLimit = REPORT_ROWS_LIMIT,
  ): Promise<AnalyticsReportView> {
    if (!creator.isPremium) throw forbidden(ReportMessages.premiumOnly);
    const parsed = parseReportQuery(rawQuery, this.clock.now().toISOString().slice(0, 10));
    if ('problem' in parsed) throw invalid(parsed.problem);
    const { from, to, compare } = parsed.query;
    const previousRange = compare ? previousRangeOf({ from, to }) : null;

    const [current, links] = await Promise.all([
      this.reader.read(creator.id, { from, to }, previousRange, Number.isFinite(rowsLimit) ? rowsLimit : null),
      this.links.listForOwner(creator.id),
    ]);
    const { previous, breakdowns } = current;

    return {
      from,
      to,
      totals: totalsOf(sum(current.visitsByDay, addVisits, NO_VISITS), sum(current.salesByDay, addSales, NO_SALES)),
      previousRange,
      previous: previous ? totalsOf(previous.visits, previous.sales) : null,
      byDay: everyDay(from, to).map((day) =>
        toRow({
          key: day,
          ...(current.visitsByDay.get(day) ?? NO_VISITS),
          ...(current.salesByDay.get(day) ?? NO_SALES),
        }),
      ),
      bySource: breakdownLines(breakdowns.source, rowsLimit).map(toRow),
      byMedium: breakdownLines(breakdowns.medium, rowsLimit).map(toRow),
      byCampaign: breakdownLines(breakdowns.campaign, rowsLimit).map(toRow),
      byCountry: breakdownLines(breakdowns.country, rowsLimit).map(toRow),
      byDevice: breakdownLines(breakdowns.device, rowsLimit).map(toRow),
      byLink: linkLines(breakdowns.link, links, rowsLimit).map(toRow),
    };
  }
}

function sum<T>(values: ReadonlyMap<string, T>, add: (a: T, b: T) => T, zero: T): T {
  let total = zero;
  for (const value of values.values()) total = add(total, value);
  return total;
}

function everyDay(from: string, to: string): string[] {
  return Array.from({ length: daysBetween(from, to) }, (_, index) => addDays(from, index));
}

/** The creator's current links (a deleted link's clicks are not shown), titled; a sale names no link. */
function linkLines(
  counted: readonly KeyCounts[],
  links: Array<{ id: Id; title: string }>,
  limit: number,
): ReportLine[] {
  const byId = new Map(counted.map((counts) => [counts.key, counts]));
  return links
    .map((link) => ({ ...NO_VISITS, ...byId.get(link.id), key: link.id, label: link.title, ...NO_SALES }))
    .sort(compareLines)
    .slice(0, limit);
}
