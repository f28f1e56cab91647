import { ChartBarDecreasing } from 'lucide-react';
import type { ReactNode } from 'react';
import { ReportCardTexts, ReportMessages } from '@linkbio/shared-contracts';
import { UpgradeNotice } from '@/components/upgrade-notice';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export interface ReportCardProps {
  isPremium: boolean;
  className?: string;
}

/** The report card's outline, shared by the card, the placeholder shown while its code loads and the free notice. */
export function ReportCardFrame({
  description,
  children,
  className,
}: {
  description: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card role="region" aria-labelledby="report-card-title" className={cn('flex min-w-0 flex-col', className)}>
      <CardHeader>
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <ChartBarDecreasing className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 space-y-1">
            <CardTitle id="report-card-title">{ReportCardTexts.title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-1 flex-col gap-6">{children}</CardContent>
    </Card>
  );
}

/** Placeholders for the totals, the funnel and two tables. */
export function ReportSkeleton() {
  return (
    <div role="status" aria-label={ReportCardTexts.loading} className="space-y-6">
      <div className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2 sm:grid-cols-3 xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((item) => (
          <div key={item} className="space-y-2">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-6 w-12" />
          </div>
        ))}
      </div>
      <Skeleton className="h-20 w-full" />
      <div className="grid gap-6 xl:grid-cols-2">
        {[0, 1].map((table) => (
          <div key={table} className="space-y-3">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-5/6" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Free creators: their totals stay in the stat cards above; the report is Premium's, and says so. */
export function FreeReport({ className }: { className?: string }) {
  return (
    <ReportCardFrame className={className} description={ReportCardTexts.freeDescription}>
      <UpgradeNotice message={ReportMessages.premiumOnly} />
    </ReportCardFrame>
  );
}
