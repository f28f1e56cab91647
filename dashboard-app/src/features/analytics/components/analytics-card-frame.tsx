import { ChartNoAxesColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export interface AnalyticsCardProps {
  isPremium: boolean;
  className?: string;
}

export const PREMIUM_DESCRIPTION =
  'Views and clicks day by day, your top links, where visitors come from and their devices.';
export const FREE_DESCRIPTION = 'Daily views and clicks, top links, referrers and devices come with Premium.';

/** The Analytics card's outline, shared by the card and the placeholder shown while its code loads. */
export function AnalyticsCardFrame({
  description,
  aside,
  children,
  className,
}: {
  description: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card role="region" aria-labelledby="analytics-card-title" className={cn('flex flex-col', className)}>
      <CardHeader>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
              <ChartNoAxesColumn className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 space-y-1">
              <CardTitle id="analytics-card-title">Analytics</CardTitle>
              <CardDescription>{description}</CardDescription>
            </div>
          </div>
          {aside}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">{children}</CardContent>
    </Card>
  );
}

/** Placeholders for the totals, the chart and the three lists. */
export function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label="Loading analytics" className="space-y-6">
      <div className="grid grid-cols-3 gap-3">
        {[0, 1, 2].map((item) => (
          <div key={item} className="space-y-2">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-6 w-12" />
          </div>
        ))}
      </div>
      <Skeleton className="h-48 w-full" />
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((list) => (
          <div key={list} className="space-y-3">
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
