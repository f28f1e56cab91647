import {
  ANALYTICS_RANGE_DAYS,
  DEVICE_CLASSES,
  type AnalyticsView,
  type DailyAnalyticsView,
} from '@linkbio/shared-contracts';
import { arrayOf, component, date, integer, number, object, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';

/** The analytics answers' shapes, for the API description. */
export const AnalyticsSummary = component(
  'AnalyticsView',
  objectOf<AnalyticsView>()({ totalClicks: integer, totalViews: integer, clickRate: number, activeLinks: integer }),
);

export const DailyAnalytics = component(
  'DailyAnalyticsView',
  objectOf<DailyAnalyticsView>()({
    days: oneOfValues(ANALYTICS_RANGE_DAYS),
    from: date,
    to: date,
    series: arrayOf(object({ date, views: integer, clicks: integer, clickRate: number })),
    links: arrayOf(object({ id: uuid, title: string, clicks: integer })),
    referrers: arrayOf(object({ host: string, views: integer })),
    devices: arrayOf(object({ device: oneOfValues(DEVICE_CLASSES), views: integer })),
    totals: object({ views: integer, clicks: integer, clickRate: number }),
  }),
);
