import { lazy, Suspense } from 'react';
import { ReportCardTexts } from '@linkbio/shared-contracts';
import { FreeReport, ReportCardFrame, ReportSkeleton, type ReportCardProps } from './report-card-frame';

const PremiumReport = lazy(() => import('./report-card').then((module) => ({ default: module.PremiumReport })));

/**
 * The report (a Premium extra): its code (picker, funnel, tables) is loaded apart from the dashboard's, and only
 * for Premium creators; the outline shows meanwhile. Free creators get the upgrade notice without that code.
 */
export function LazyReportCard({ isPremium, className }: ReportCardProps) {
  if (!isPremium) return <FreeReport className={className} />;
  return (
    <Suspense
      fallback={
        <ReportCardFrame className={className} description={ReportCardTexts.description}>
          <ReportSkeleton />
        </ReportCardFrame>
      }
    >
      <PremiumReport className={className} />
    </Suspense>
  );
}
