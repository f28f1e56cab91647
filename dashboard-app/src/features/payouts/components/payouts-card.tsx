import { LoadFailed } from '@/components/ui/load-failed';
import { ReceiptText, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { PayoutMethod, PayoutStatus, PayoutView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePayouts } from '../api/get-payouts';
import { describeWeek } from '../iso-week';

export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; className: string }> = {
  on_hold: { label: 'On hold — add PayPal or Cash App details', className: 'bg-amber-100 text-amber-900' },
  pending: { label: 'Scheduled', className: 'bg-slate-100 text-slate-800' },
  processing: { label: 'Sending', className: 'bg-sky-100 text-sky-800' },
  awaiting_manual: { label: 'Being processed', className: 'bg-sky-100 text-sky-800' },
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-800' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
};

const METHOD: Record<PayoutMethod, string> = { paypal: 'PayPal', cashapp: 'Cash App' };

/** Integer cents → "$1,234.56" (another currency with its own symbol or code). */
export function formatPayoutAmount(cents: number, currency: string): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  const sign = cents < 0 ? '-' : '';
  const number = `${whole.toLocaleString('en-US')}.${rest}`;
  return currency.toLowerCase() === 'usd' ? `${sign}$${number}` : `${sign}${number} ${currency.toUpperCase()}`;
}

/** "2026-11-23T00:05:00Z" → "Nov 23, 2026", in the creator's time zone. */
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Payouts: every Monday a creator's earnings of the past week (Monday to Sunday, UTC) become one payout to their
 * PayPal or Cash App (decisions.md, Bookings and payments). Newest week first, as the API answers.
 */
export function PayoutsCard({ className }: { className?: string }) {
  const payouts = usePayouts();
  return (
    <Card role="region" aria-labelledby="payouts-card-title" className={cn('flex flex-col', className)}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <Wallet className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle id="payouts-card-title">Payouts</CardTitle>
            <CardDescription>Your earnings from bookings, paid out weekly.</CardDescription>
          </div>
          {/* On a phone the link is its icon alone (its name stays for screen readers), so the header fits 320 px. */}
          <Button variant="outline" size="sm" asChild>
            <Link to="/dashboard/earnings" title="Statement">
              <ReceiptText aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Statement</span>
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {payouts.isPending ? (
          <div role="status" aria-label="Loading payouts" className="space-y-3">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-40 max-w-full" />
                </div>
                <Skeleton className="h-6 w-20" />
              </div>
            ))}
          </div>
        ) : payouts.isError ? (
          <LoadFailed what="your payouts" onRetry={() => void payouts.refetch()} retrying={payouts.isRefetching} />
        ) : payouts.data.payouts.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border px-4 py-10 text-center">
            <Wallet className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 text-sm text-muted-foreground">
              No payouts yet. Earnings from paid bookings are paid out every Monday.
            </p>
          </div>
        ) : (
          <ul aria-label="Payouts" className="divide-y divide-border rounded-lg border border-border">
            {payouts.data.payouts.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </ul>
        )}
        {payouts.data ? <Balance cents={payouts.data.balance} /> : null}
      </CardContent>
    </Card>
  );
}

/** What is not in a payout yet: earnings waiting for Monday, or refunds to be taken from the next payouts. */
function Balance({ cents }: { cents: number }) {
  if (!cents) return null;
  return cents > 0 ? (
    <p className="mt-4 text-sm text-muted-foreground">
      Earned since your last payout: <span className="font-semibold text-foreground tabular-nums">{formatPayoutAmount(cents, 'usd')}</span>
    </p>
  ) : (
    <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      Carried over: <span className="font-semibold tabular-nums">{formatPayoutAmount(cents, 'usd')}</span>. Refunds of bookings
      already paid out are taken from your next payouts.
    </p>
  );
}

function PayoutRow({ payout }: { payout: PayoutView }) {
  const week = describeWeek(payout.week);
  const status = PAYOUT_STATUS[payout.status] ?? { label: payout.status, className: 'bg-slate-100 text-slate-800' };
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{week.title}</p>
        {week.range && <p className="text-sm text-muted-foreground">{week.range}</p>}
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">Method: </span>
          {(payout.method && METHOD[payout.method]) ?? '—'}
          {payout.paidAt && (
            <>
              {' · '}Paid on <time dateTime={payout.paidAt}>{formatDate(payout.paidAt)}</time>
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 sm:flex-col sm:items-end">
        <span className="text-base font-semibold tabular-nums">
          {formatPayoutAmount(payout.amount, payout.currency)}
        </span>
        <span
          className={cn(
            'max-w-64 rounded-full px-2.5 py-0.5 text-right text-xs font-semibold sm:max-w-none',
            status.className,
          )}
        >
          {status.label}
        </span>
      </div>
    </li>
  );
}
