import type { AnalyticsReportView, DayRangeView, ReportRow, ReportTotals } from '@linkbio/shared-contracts';
import {
  arrayOf,
  component,
  date,
  integer,
  nullable,
  number,
  objectOf,
  optional,
  string,
} from '../../../shared/http/openapi/schema.js';

const Totals = objectOf<ReportTotals>()({
  views: integer,
  uniqueVisitors: integer,
  clicks: integer,
  clickRate: number,
  orders: integer,
  revenueCents: integer,
});

const Row = component(
  'ReportRow',
  objectOf<ReportRow>()({
    key: {
      ...nullable(string),
      description: 'The day, source, medium, campaign, country code, device class or link id; null for none.',
    },
    label: optional({ ...string, description: 'The link’s title (byLink only).' }),
    views: integer,
    uniqueVisitors: integer,
    clicks: integer,
    orders: integer,
    revenueCents: integer,
  }),
);

const Range = objectOf<DayRangeView>()({ from: date, to: date });

/** The report's shape, for the API description. */
export const AnalyticsReport = component(
  'AnalyticsReportView',
  objectOf<AnalyticsReportView>()({
    from: date,
    to: date,
    totals: Totals,
    previousRange: nullable(Range),
    previous: nullable(Totals),
    byDay: arrayOf(Row),
    bySource: arrayOf(Row),
    byMedium: arrayOf(Row),
    byCampaign: arrayOf(Row),
    byCountry: arrayOf(Row),
    byDevice: arrayOf(Row),
    byLink: arrayOf(Row),
  }),
);
