import { LoadFailed } from '@/components/ui/load-failed';
import { Download, ReceiptText } from 'lucide-react';
import { useId, useState } from 'react';
import type { EarningsSummaryResponse } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { statementCsvUrl, useStatement, useYearSummary, yearPeriod, type Period } from '../api/earnings';
import { formatCents, monthName } from '../format';
import { StatementLines } from './statement-lines';

/** The years a creator can pick: from the year they joined to this one, newest first. */
export function yearsSince(firstYear: number, thisYear: number): number[] {
  const first = Math.min(firstYear, thisYear);
  return Array.from({ length: thisYear - first + 1 }, (_, i) => thisYear - i);
}

/**
 * The Earnings page's content: a year to look at, that year's totals month by month, and its statement line by
 * line (earnings, refunds, payouts, carried-over weeks) with the running balance and a CSV download.
 */
export function EarningsView({
  firstYear,
  thisYear = new Date().getUTCFullYear(),
}: {
  firstYear: number;
  thisYear?: number;
}) {
  const [year, setYear] = useState(thisYear);
  const yearId = useId();
  const period = yearPeriod(year);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <label htmlFor={yearId} className="text-sm font-medium">
            Year
          </label>
          <select
            id={yearId}
            className="block h-10 w-40 rounded-md border border-input bg-background px-3 text-base sm:text-sm"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {yearsSince(firstYear, thisYear).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" asChild>
          <a href={statementCsvUrl(period)} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>
      <YearTotalsCard year={year} />
      <StatementCard period={period} year={year} />
    </div>
  );
}

function YearTotalsCard({ year }: { year: number }) {
  const summary = useYearSummary(year);
  return (
    <Card role="region" aria-labelledby="earnings-totals-title">
      <CardHeader>
        <CardTitle id="earnings-totals-title">{year} totals</CardTitle>
        <CardDescription>Earnings from bookings, refunds taken back, and payouts sent, by month (UTC).</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <div role="status" aria-label="Loading the year's totals" className="grid gap-3 sm:grid-cols-3">
            {[0, 1, 2].map((cell) => (
              <Skeleton key={cell} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : summary.isError ? (
          <LoadFailed what="this year's totals" onRetry={() => void summary.refetch()} />
        ) : (
          <Totals summary={summary.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Totals({ summary }: { summary: EarningsSummaryResponse }) {
  const active = summary.months.filter((m) => m.earningsCents || m.reversalsCents || m.payoutsCents);
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Earnings" cents={summary.totals.earningsCents} />
        <Figure label="Refunds" cents={summary.totals.reversalsCents} />
        <Figure label="Payouts" cents={summary.totals.payoutsCents} />
      </dl>
      {active.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{summary.year} by month</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Earnings
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Refunds
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Payouts
                </th>
              </tr>
            </thead>
            <tbody>
              {active.map((month) => (
                <tr key={month.month} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    {monthName(month.month)}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatCents(month.earningsCents)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatCents(month.reversalsCents)}</td>
                  <td className="py-2 text-right tabular-nums">{formatCents(month.payoutsCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing earned or paid out in {summary.year}.</p>
      )}
    </div>
  );
}

function Figure({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="rounded-lg border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
}

function StatementCard({ period, year }: { period: Period; year: number }) {
  const statement = useStatement(period);
  return (
    <Card role="region" aria-labelledby="earnings-statement-title">
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <ReceiptText className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle id="earnings-statement-title">Statement</CardTitle>
            <CardDescription>Every earning, refund and payout of {year}, with your balance after each.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {statement.isPending ? (
          <div role="status" aria-label="Loading your statement" className="space-y-3">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : statement.isError ? (
          <LoadFailed what="your statement" onRetry={() => void statement.refetch()} />
        ) : (
          <>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-border p-4">
                <dt className="text-sm text-muted-foreground">Balance now</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid="earnings-balance">
                  {formatCents(statement.data.balanceCents)}
                </dd>
              </div>
              <div className="rounded-lg border border-border p-4">
                <dt className="text-sm text-muted-foreground">Balance on Jan 1, {year}</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">
                  {formatCents(statement.data.openingBalanceCents)}
                </dd>
              </div>
            </dl>
            {statement.data.lines.length === 0 ? (
              <div className="rounded-lg border border-dashed border-border px-4 py-10 text-center">
                <ReceiptText className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
                <p className="mt-3 text-sm text-muted-foreground">
                  Nothing in {year} yet. Paid bookings, refunds and payouts show here.
                </p>
              </div>
            ) : (
              <StatementLines key={`${period.from}-${period.to}`} lines={statement.data.lines} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

