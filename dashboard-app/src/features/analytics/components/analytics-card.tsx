import { Crown, Lock, Monitor, RotateCw, Smartphone, Tablet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ANALYTICS_RANGE_DAYS,
  DEFAULT_ANALYTICS_RANGE_DAYS,
  type AnalyticsRangeDays,
  type DailyAnalyticsPoint,
  type DailyAnalyticsView,
  type DeviceClassName,
} from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, messageOf } from '@/lib/api-client';
import { useDailyAnalytics } from '../api/get-daily-analytics';
import { formatCount, formatDay, formatRate, plural } from '../format';
import { AnalyticsCardFrame, AnalyticsSkeleton, FREE_DESCRIPTION, PREMIUM_DESCRIPTION } from './analytics-card-frame';
import type { AnalyticsCardProps } from './analytics-card-frame';
import { DailyChart } from './daily-chart';

const TOP_LINKS = 5;

const DEVICES: Record<DeviceClassName, { label: string; icon: LucideIcon }> = {
  mobile: { label: 'Mobile', icon: Smartphone },
  tablet: { label: 'Tablet', icon: Tablet },
  desktop: { label: 'Desktop', icon: Monitor },
};

/**
 * Analytics (a Premium extra, decisions.md): for Premium creators views and clicks per day over the last 7, 30
 * or 90 days, with top links, referrers and devices. Free creators see a locked sample and the way to Premium;
 * nothing is fetched for them.
 */
export function AnalyticsCard({ isPremium, className }: AnalyticsCardProps) {
  return isPremium ? <PremiumAnalytics className={className} /> : <LockedAnalytics className={className} />;
}

function PremiumAnalytics({ className }: { className?: string }) {
  const [days, setDays] = useState<AnalyticsRangeDays>(DEFAULT_ANALYTICS_RANGE_DAYS);
  return (
    <Tabs
      value={String(days)}
      onValueChange={(value) => setDays(Number(value) as AnalyticsRangeDays)}
      className={className}
    >
      <AnalyticsCardFrame
        description={PREMIUM_DESCRIPTION}
        aside={
          <TabsList aria-label="Period" className="grid-cols-3 sm:w-64 sm:shrink-0">
            {ANALYTICS_RANGE_DAYS.map((range) => (
              <TabsTrigger key={range} value={String(range)}>
                {range} days
              </TabsTrigger>
            ))}
          </TabsList>
        }
      >
        {ANALYTICS_RANGE_DAYS.map((range) => (
          <TabsContent key={range} value={String(range)} className="mt-0">
            <RangeAnalytics days={range} />
          </TabsContent>
        ))}
      </AnalyticsCardFrame>
    </Tabs>
  );
}

/** One period's analytics: fetched when its tab is first shown. */
function RangeAnalytics({ days }: { days: AnalyticsRangeDays }) {
  const analytics = useDailyAnalytics(days);

  if (analytics.isPending) return <AnalyticsSkeleton />;
  if (analytics.isError) {
    const premiumEnded = analytics.error instanceof ApiError && analytics.error.status === 403;
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-muted-foreground">
          {premiumEnded
            ? messageOf(analytics.error, 'Daily analytics are part of Premium.')
            : "We couldn't load your analytics."}
        </p>
        {premiumEnded ? (
          <UpgradeButton />
        ) : (
          <Button variant="outline" onClick={() => void analytics.refetch()} disabled={analytics.isRefetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
    );
  }

  const data = analytics.data;
  if (data.totals.views === 0 && data.totals.clicks === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border px-4 py-10 text-center">
        <p className="font-medium">No visits yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Nobody visited your page between {formatDay(data.from)} and {formatDay(data.to)}. Share your link, and views
          and clicks will show up here day by day.
        </p>
      </div>
    );
  }
  return <AnalyticsDetails data={data} />;
}

function AnalyticsDetails({ data }: { data: DailyAnalyticsView }) {
  const topLinks = data.links.filter((link) => link.clicks > 0).slice(0, TOP_LINKS);
  const deviceViews = data.devices.reduce((sum, device) => sum + device.views, 0);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-3 gap-3">
        <Total label="Views" value={formatCount(data.totals.views)} />
        <Total label="Clicks" value={formatCount(data.totals.clicks)} />
        <Total label="Click rate" value={formatRate(data.totals.clickRate)} />
      </dl>
      <DailyChart series={data.series} />
      <div className="grid gap-6 md:grid-cols-3">
        <RankedList
          id="top-links"
          title="Top links"
          empty="No link clicks in this period."
          items={topLinks.map((link) => ({ key: link.id, label: link.title, value: link.clicks, unit: 'click' }))}
        />
        <RankedList
          id="top-referrers"
          title="Top referrers"
          empty="No referrers in this period: visits came from apps, bookmarks or typed addresses."
          items={data.referrers.map((referrer) => ({
            key: referrer.host,
            label: referrer.host,
            value: referrer.views,
            unit: 'view',
          }))}
        />
        <section aria-labelledby="analytics-devices" className="space-y-3">
          <h3 id="analytics-devices" className="text-sm font-semibold">
            Devices
          </h3>
          <ul className="space-y-3">
            {data.devices.map(({ device, views }) => {
              const { label, icon: Icon } = DEVICES[device];
              const share = deviceViews > 0 ? Math.round((views / deviceViews) * 100) : 0;
              return (
                <li key={device} className="space-y-1">
                  <div className="flex items-center justify-between gap-2 text-sm">
                    <span className="inline-flex items-center gap-2">
                      <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                      {label}
                    </span>
                    <span className="text-muted-foreground tabular-nums">
                      {share}% · {plural(views, 'view')}
                    </span>
                  </div>
                  <Meter fraction={deviceViews > 0 ? views / deviceViews : 0} />
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted px-3 py-2">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums sm:text-xl">{value}</dd>
    </div>
  );
}

function Meter({ fraction }: { fraction: number }) {
  return (
    <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <div className="h-full rounded-full bg-violet-500" style={{ width: `${Math.round(fraction * 100)}%` }} />
    </div>
  );
}

interface RankedItem {
  key: string;
  label: string;
  value: number;
  unit: string;
}

function RankedList({ id, title, empty, items }: { id: string; title: string; empty: string; items: RankedItem[] }) {
  const top = Math.max(1, ...items.map((item) => item.value));
  return (
    <section aria-labelledby={`analytics-${id}`} className="min-w-0 space-y-3">
      <h3 id={`analytics-${id}`} className="text-sm font-semibold">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="space-y-3">
          {items.map((item) => (
            <li key={item.key} className="space-y-1">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 truncate" title={item.label}>
                  {item.label}
                </span>
                <span className="shrink-0 text-muted-foreground tabular-nums">{plural(item.value, item.unit)}</span>
              </div>
              <Meter fraction={item.value / top} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function UpgradeButton() {
  return (
    <Button asChild className="w-full sm:w-auto">
      <Link to="/subscribe">
        <Crown aria-hidden="true" />
        Upgrade to Premium
      </Link>
    </Button>
  );
}

/** A made-up fortnight, drawn greyed behind the lock: the shape of what Premium shows, no real numbers. */
const SAMPLE: DailyAnalyticsPoint[] = [12, 18, 15, 22, 30, 26, 19, 24, 35, 41, 33, 28, 38, 45].map((views, index) => {
  const clicks = Math.round(views * (0.25 + (index % 3) * 0.05));
  return { date: `2026-01-${String(index + 1).padStart(2, '0')}`, views, clicks, clickRate: 0 };
});

function LockedAnalytics({ className }: { className?: string }) {
  return (
    <AnalyticsCardFrame className={className} description={FREE_DESCRIPTION}>
      {/* The sample and the message share one grid cell: the card is as tall as the taller of the two. */}
      <div className="grid overflow-hidden rounded-lg border border-border *:col-start-1 *:row-start-1">
        <div className="pointer-events-none p-4 opacity-50 blur-[2px] grayscale select-none" aria-hidden="true">
          <DailyChart series={SAMPLE} decorative />
        </div>
        <div className="flex flex-col items-center justify-center gap-3 bg-background/60 p-4 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent text-primary">
            <Lock className="size-5" aria-hidden="true" />
          </span>
          <p className="max-w-md text-sm">
            <strong className="block font-semibold">See how your page does, day by day</strong>
            <span className="text-muted-foreground">
              Premium shows your views and clicks for each of the last 7, 30 or 90 days, which links get clicked most,
              which sites send you visitors and whether they come on a phone, tablet or computer.
            </span>
          </p>
          <UpgradeButton />
        </div>
      </div>
    </AnalyticsCardFrame>
  );
}
