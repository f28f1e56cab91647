import { Skeleton } from '@/components/ui/skeleton';
import { StatCardsSkeleton } from './stat-cards';

function CardSkeleton({ lines = 2, className = '' }: { lines?: number; className?: string }) {
  return (
    <div className={`${className} rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6`}>
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 rounded-lg!" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      </div>
      <div className="mt-6 space-y-3">
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

/** The whole screen as placeholders while the current user loads (spec §2: loading states show skeletons). */
export function DashboardSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-10" data-testid="dashboard-skeleton">
      <p role="status" className="sr-only">
        Loading your dashboard
      </p>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between" aria-hidden="true">
        <div className="flex items-center gap-4">
          <Skeleton className="size-14 rounded-full! sm:size-16" />
          <div className="space-y-2">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-4 w-64 max-w-[60vw]" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Skeleton className="h-10 sm:w-28" />
          <Skeleton className="h-10 sm:w-24" />
        </div>
      </div>
      <StatCardsSkeleton />
      {/* As the dashboard lays them out: the links first. */}
      <div className="space-y-3 rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6" aria-hidden="true">
        <Skeleton className="h-5 w-32" />
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-16 w-full rounded-xl!" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-10" aria-hidden="true">
        <CardSkeleton lines={1} className="lg:col-span-4" />
        <CardSkeleton lines={3} className="lg:col-span-6" />
        <CardSkeleton lines={2} className="lg:col-span-4" />
        <CardSkeleton lines={2} className="lg:col-span-6" />
      </div>
    </div>
  );
}
