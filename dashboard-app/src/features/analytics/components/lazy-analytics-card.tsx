import { lazy, Suspense } from 'react';
import {
  AnalyticsCardFrame,
  AnalyticsSkeleton,
  FREE_DESCRIPTION,
  PREMIUM_DESCRIPTION,
  type AnalyticsCardProps,
} from './analytics-card-frame';

const AnalyticsCard = lazy(() => import('./analytics-card').then((module) => ({ default: module.AnalyticsCard })));

/** The Analytics card, its code (chart and lists) loaded apart from the dashboard's; the outline shows meanwhile. */
export function LazyAnalyticsCard(props: AnalyticsCardProps) {
  return (
    <Suspense
      fallback={
        <AnalyticsCardFrame
          className={props.className}
          description={props.isPremium ? PREMIUM_DESCRIPTION : FREE_DESCRIPTION}
        >
          <AnalyticsSkeleton />
        </AnalyticsCardFrame>
      }
    >
      <AnalyticsCard {...props} />
    </Suspense>
  );
}
