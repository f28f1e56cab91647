import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const analyticsKey = ['analytics'] as const;

/** Total clicks, page views, click rate (one decimal) and active links of the signed-in creator. */
export const fetchAnalytics = () => api.get<AnalyticsView>('/api/analytics');

export const analyticsQuery = () => queryOptions({ queryKey: analyticsKey, queryFn: fetchAnalytics });

export const useAnalytics = () => useQuery(analyticsQuery());
