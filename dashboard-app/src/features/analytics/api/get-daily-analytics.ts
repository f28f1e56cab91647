import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRangeDays, DailyAnalyticsView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** Under the overview's ['analytics'] key, so refreshing the analytics after a link change refreshes these too. */
export const dailyAnalyticsKey = (days: AnalyticsRangeDays) => ['analytics', 'daily', days] as const;

/** GET /api/analytics/daily (Premium only): views and clicks per day, top links, referrers and devices. */
export const fetchDailyAnalytics = (days: AnalyticsRangeDays) =>
  api.get<DailyAnalyticsView>(`/api/analytics/daily?days=${days}`);

export const dailyAnalyticsQuery = (days: AnalyticsRangeDays) =>
  queryOptions({ queryKey: dailyAnalyticsKey(days), queryFn: () => fetchDailyAnalytics(days) });

export const useDailyAnalytics = (days: AnalyticsRangeDays) => useQuery(dailyAnalyticsQuery(days));
