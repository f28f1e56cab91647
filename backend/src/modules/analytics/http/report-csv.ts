import type { AnalyticsReportView, ReportBreakdown, ReportRow, ReportTotals } from '@linkbio/shared-contracts';

export const REPORT_CSV_HEADER = [
  'section',
  'key',
  'label',
  'views',
  'unique_visitors',
  'clicks',
  'click_rate',
  'orders',
  'revenue_cents',
];

/** Each breakdown's section name in the CSV. */
export const REPORT_CSV_SECTIONS: Record<ReportBreakdown, string> = {
  bySource: 'source',
  byMedium: 'medium',
  byCampaign: 'campaign',
  byCountry: 'country',
  byDevice: 'device',
  byLink: 'link',
};

/**
 * A text cell a spreadsheet will not run as a formula (CSV injection): one starting with = + - @ (or a tab or
 * carriage return, which some spreadsheets skip before reading one) gets a leading apostrophe.
 */
export const safeText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const line = (cells: string[]) => cells.map(field).join(',');

const totalsLine = (section: string, range: { from: string; to: string }, totals: ReportTotals) =>
  line([
    section,
    `${range.from}/${range.to}`,
    '',
    String(totals.views),
    String(totals.uniqueVisitors),
    String(totals.clicks),
    String(totals.clickRate),
    String(totals.orders),
    String(totals.revenueCents),
  ]);

const rowLine = (section: string, row: ReportRow) =>
  line([
    section,
    row.key === null ? '' : safeText(row.key),
    row.label === undefined ? '' : safeText(row.label),
    String(row.views),
    String(row.uniqueVisitors),
    String(row.clicks),
    '',
    String(row.orders),
    String(row.revenueCents),
  ]);

/**
 * The report as RFC 4180 CSV (CRLF line ends, a header row): the period's totals (key: the period as
 * from/to), the previous period's when compared, each day, then every row of every breakdown. An empty key is
 * "none" (a direct visit, no campaign, no device told); the click rate is given for totals only.
 */
export function reportCsv(report: AnalyticsReportView): string {
  const lines = [line(REPORT_CSV_HEADER), totalsLine('totals', report, report.totals)];
  if (report.previous && report.previousRange)
    lines.push(totalsLine('previous', report.previousRange, report.previous));
  for (const day of report.byDay) lines.push(rowLine('day', day));
  for (const [breakdown, section] of Object.entries(REPORT_CSV_SECTIONS) as Array<[ReportBreakdown, string]>) {
    for (const row of report[breakdown]) lines.push(rowLine(section, row));
  }
  return lines.join('\r\n') + '\r\n';
}

export const reportFileName = (report: AnalyticsReportView) => `linkbio-report-${report.from}-${report.to}.csv`;
