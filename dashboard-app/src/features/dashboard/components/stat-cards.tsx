import type { LucideIcon } from 'lucide-react';
import { Eye, Link2, MousePointerClick, Percent, RotateCw } from 'lucide-react';
import type { AnalyticsView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAnalytics } from '../api/get-analytics';

interface Stat {
  label: string;
  icon: LucideIcon;
  tone: string;
  value: (analytics: AnalyticsView) => string;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The four stat cards (spec §2); the click rate carries one decimal and a percent sign (decisions.md). */
export const STATS: Stat[] = [
  {
    label: 'Total Clicks',
    icon: MousePointerClick,
    tone: 'bg-violet-100 text-violet-700',
    value: (a) => count(a.totalClicks),
  },
  { label: 'Page Views', icon: Eye, tone: 'bg-sky-100 text-sky-700', value: (a) => count(a.totalViews) },
  {
    label: 'Click Rate',
    icon: Percent,
    tone: 'bg-emerald-100 text-emerald-700',
    value: (a) => `${a.clickRate.toFixed(1)}%`,
  },
  { label: 'Active Links', icon: Link2, tone: 'bg-amber-100 text-amber-700', value: (a) => count(a.activeLinks) },
];

const CARD = 'rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5';

/** Placeholders for the four stat cards while the analytics load. */
export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-hidden="true" data-testid="stats-skeleton">
      {STATS.map((stat) => (
        <div key={stat.label} className={CARD}>
          <div className="flex items-center justify-between gap-2">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="size-9 rounded-lg!" />
          </div>
          <Skeleton className="mt-3 h-8 w-16" />
        </div>
      ))}
    </div>
  );
}

export function StatCards() {
  const { data, isPending, isError, refetch, isRefetching } = useAnalytics();

  return (
    <section aria-labelledby="stats-title" className="space-y-3">
      <h2 id="stats-title" className="sr-only">
        Your stats
      </h2>
      {isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your stats
          </p>
          <StatCardsSkeleton />
        </>
      ) : (
        <>
          {isError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted px-4 py-2 text-sm"
            >
              <span>We couldn't load your stats.</span>
              <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
                <RotateCw aria-hidden="true" /> Try again
              </Button>
            </div>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {STATS.map(({ label, icon: Icon, tone, value }) => (
              <div key={label} className={CARD}>
                <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
                  <span className="pt-1">{label}</span>
                  <span
                    className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}
                    aria-hidden="true"
                  >
                    <Icon className="size-4" />
                  </span>
                </dt>
                <dd className="mt-2 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
                  {data ? value(data) : '—'}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
