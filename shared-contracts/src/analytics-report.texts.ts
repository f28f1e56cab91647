import { REPORT_ROWS_LIMIT, type ReportBreakdown } from './analytics-report.js';

/** How one breakdown of the report is shown: its heading, its first column, and the row whose key is null. */
export interface ReportBreakdownTexts {
  title: string;
  column: string;
  none: string;
}

/**
 * What the dashboard's report says once loaded: the period picker, the totals and their change, the funnel, the
 * breakdown tables and the CSV download. Its outline's texts are `ReportCardTexts`; the server's own messages
 * are `ReportMessages`.
 */
export const ReportTexts = {
  period: 'Period',
  presets: { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days' },
  custom: 'Custom',
  customPeriod: 'Custom period',
  from: 'From',
  to: 'To',
  show: 'Show report',
  /** The previous period, e.g. "Compared with Oct 25 – Oct 31, 2026". */
  comparedWith: (range: string) => `Compared with ${range}`,
  /** A period the server refused without saying why (it always says). */
  badPeriod: 'This period cannot be shown. Please pick another.',
  /** Completes "We couldn't load …" (the shared load-failed notice). */
  loadFailedWhat: 'your report',
  emptyTitle: 'No visits in this period yet',
  emptyBody:
    'Share your page, and where its visitors come from shows up here. A link carrying utm_source, utm_medium or utm_campaign is counted under that source, medium and campaign.',
  totals: {
    views: 'Views',
    uniqueVisitors: 'Unique visitors',
    clicks: 'Clicks',
    clickRate: 'Click rate',
    orders: 'Orders',
    revenue: 'Revenue',
  },
  /** The change from the previous period, for screen readers after the visible "+12%". */
  changeSuffix: 'from the previous period',
  /** A total that was zero in the previous period and is not now. */
  changeNew: 'new',
  changeNone: '0%',
  /** The click rate's change, in percentage points. */
  points: (points: string) => `${points} pts`,
  funnel: 'Funnel',
  funnelSteps: { views: 'Views', clicks: 'Clicks', orders: 'Orders', revenue: 'Revenue' },
  funnelRates: {
    clicks: (rate: string) => `${rate} of views`,
    orders: (rate: string) => `${rate} of clicks`,
    revenue: (amount: string) => `${amount} per order`,
  },
  /** A rate or an average with nothing to divide by. */
  notApplicable: '—',
  columns: { visitors: 'Visitors', views: 'Views', clicks: 'Clicks', orders: 'Orders', revenue: 'Revenue' },
  breakdowns: {
    bySource: { title: 'Sources', column: 'Source', none: 'Direct' },
    byMedium: { title: 'Mediums', column: 'Medium', none: 'No medium' },
    byCampaign: { title: 'Campaigns', column: 'Campaign', none: 'No campaign' },
    byCountry: { title: 'Countries', column: 'Country', none: 'Unknown' },
    byDevice: { title: 'Devices', column: 'Device', none: 'Not known' },
    byLink: { title: 'Links', column: 'Link', none: 'A removed link' },
  } satisfies Record<ReportBreakdown, ReportBreakdownTexts>,
  unknownCountry: 'Unknown',
  devices: { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as Record<string, string>,
  breakdownEmpty: 'Nothing in this period.',
  rowsLimited: `The ${REPORT_ROWS_LIMIT} with the most views; the CSV has them all.`,
  downloadCsv: 'Download CSV',
  preparingCsv: 'Preparing…',
  csvFailed: 'The CSV could not be downloaded. Please try again.',
  csvSaved: (filename: string) => `Your report is downloading as ${filename}.`,
} as const;
