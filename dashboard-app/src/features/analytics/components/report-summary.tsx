import { ReportTexts, type ReportTotals } from '@linkbio/shared-contracts';
import { cn } from '@/lib/cn';
import { formatCount, formatRate } from '../format';
import { formatMoney, percentChange, pointsChange, shareOf, type Change } from '../report-format';

const TONE: Record<Change['direction'], string> = {
  up: 'text-emerald-700',
  down: 'text-red-700',
  same: 'text-muted-foreground',
};

/** The six totals, each with its change from the previous period when the report compares. */
export function ReportTotalsList({ totals, previous }: { totals: ReportTotals; previous: ReportTotals | null }) {
  const items: Array<{ label: string; value: string; change: Change | null }> = [
    {
      label: ReportTexts.totals.views,
      value: formatCount(totals.views),
      change: previous && percentChange(totals.views, previous.views),
    },
    {
      label: ReportTexts.totals.uniqueVisitors,
      value: formatCount(totals.uniqueVisitors),
      change: previous && percentChange(totals.uniqueVisitors, previous.uniqueVisitors),
    },
    {
      label: ReportTexts.totals.clicks,
      value: formatCount(totals.clicks),
      change: previous && percentChange(totals.clicks, previous.clicks),
    },
    {
      label: ReportTexts.totals.clickRate,
      value: formatRate(totals.clickRate),
      change: previous && pointsChange(totals.clickRate, previous.clickRate, previous.views),
    },
    {
      label: ReportTexts.totals.orders,
      value: formatCount(totals.orders),
      change: previous && percentChange(totals.orders, previous.orders),
    },
    {
      label: ReportTexts.totals.revenue,
      value: formatMoney(totals.revenueCents),
      change: previous && percentChange(totals.revenueCents, previous.revenueCents),
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2 sm:grid-cols-3 xl:grid-cols-6">
      {items.map(({ label, value, change }) => (
        <div key={label} className="min-w-0 rounded-lg bg-muted px-3 py-2" data-testid="report-total">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className="text-base font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-xl">{value}</dd>
          {change ? (
            <dd className={cn('text-xs font-medium tabular-nums', TONE[change.direction])} data-testid="report-change">
              {change.text}
              <span className="sr-only"> {ReportTexts.changeSuffix}</span>
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

/** Views → clicks → orders → revenue, with the rate from each step to the next. */
export function ReportFunnel({ totals }: { totals: ReportTotals }) {
  const steps = [
    { label: ReportTexts.funnelSteps.views, value: formatCount(totals.views), rate: null, fraction: 1 },
    {
      label: ReportTexts.funnelSteps.clicks,
      value: formatCount(totals.clicks),
      rate: ReportTexts.funnelRates.clicks(shareOf(totals.clicks, totals.views)),
      fraction: totals.views > 0 ? totals.clicks / totals.views : 0,
    },
    {
      label: ReportTexts.funnelSteps.orders,
      value: formatCount(totals.orders),
      rate: ReportTexts.funnelRates.orders(shareOf(totals.orders, totals.clicks)),
      fraction: totals.views > 0 ? totals.orders / totals.views : 0,
    },
    {
      label: ReportTexts.funnelSteps.revenue,
      value: formatMoney(totals.revenueCents),
      rate: ReportTexts.funnelRates.revenue(
        totals.orders > 0 ? formatMoney(Math.round(totals.revenueCents / totals.orders)) : ReportTexts.notApplicable,
      ),
      fraction: null,
    },
  ];
  return (
    <section aria-labelledby="report-funnel" className="space-y-3">
      <h3 id="report-funnel" className="text-sm font-semibold">
        {ReportTexts.funnel}
      </h3>
      <ol className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2 sm:grid-cols-4">
        {steps.map((step) => (
          <li key={step.label} className="min-w-0 space-y-1 rounded-lg border border-border px-3 py-2">
            <p className="text-xs font-medium text-muted-foreground">{step.label}</p>
            <p className="text-base font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-lg">{step.value}</p>
            {step.rate ? <p className="text-xs text-muted-foreground tabular-nums">{step.rate}</p> : null}
            {step.fraction !== null ? (
              <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-violet-500"
                  style={{ width: `${Math.min(100, Math.round(step.fraction * 100))}%` }}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
