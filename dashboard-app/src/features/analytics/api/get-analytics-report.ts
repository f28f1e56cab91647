import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsReportView, DayRangeView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { reportQueryString } from '../report-period';

/** Under the overview's ['analytics'] key, so refreshing the analytics after a link change refreshes the report too. */
export const analyticsReportKey = (range: DayRangeView) => ['analytics', 'report', range.from, range.to] as const;

/** GET /api/analytics/report (Premium only): the period's totals, the previous period's, and every breakdown. */
export const fetchAnalyticsReport = (range: DayRangeView) =>
  api.get<AnalyticsReportView>(`/api/analytics/report?${reportQueryString(range)}`);

export const analyticsReportQuery = (range: DayRangeView) =>
  queryOptions({ queryKey: analyticsReportKey(range), queryFn: () => fetchAnalyticsReport(range) });

export const useAnalyticsReport = (range: DayRangeView) => useQuery(analyticsReportQuery(range));
