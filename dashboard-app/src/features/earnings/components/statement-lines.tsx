import { ChevronDown, ChevronRight, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { StatementLineKind, StatementLineView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePayoutLines } from '../api/earnings';
import { formatCents, formatDay } from '../format';

/** How many lines a page of the statement shows; "Show more" adds as many again. */
export const STATEMENT_PAGE_SIZE = 50;

const KIND: Record<StatementLineKind, { label: string; className: string }> = {
  earning: { label: 'Earning', className: 'bg-emerald-100 text-emerald-800' },
  reversal: { label: 'Refund', className: 'bg-red-100 text-red-800' },
  payout: { label: 'Payout', className: 'bg-sky-100 text-sky-800' },
  carried: { label: 'Carried over', className: 'bg-amber-100 text-amber-900' },
};

/** The statement's lines, newest first, a page at a time; a payout opens to the lines it paid. */
export function StatementLines({ lines }: { lines: StatementLineView[] }) {
  const [shown, setShown] = useState(STATEMENT_PAGE_SIZE);
  const newestFirst = [...lines].reverse();
  const visible = newestFirst.slice(0, shown);
  return (
    <div className="space-y-3">
      <ul aria-label="Statement lines" className="divide-y divide-border rounded-lg border border-border">
        {visible.map((line, index) => (
          <li key={`${line.at}-${line.kind}-${line.payoutId ?? line.bookingId ?? index}-${index}`}>
            {line.kind === 'payout' && line.payoutId ? (
              <PayoutLine line={line} payoutId={line.payoutId} />
            ) : (
              <LineRow line={line} />
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p>
          Showing {visible.length} of {lines.length} lines, newest first.
        </p>
        {visible.length < lines.length ? (
          <Button variant="outline" onClick={() => setShown((count) => count + STATEMENT_PAGE_SIZE)}>
            Show more
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function LineRow({ line, nested = false }: { line: StatementLineView; nested?: boolean }) {
  const kind = KIND[line.kind];
  return (
    <div className={cn('flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between', nested && 'py-3')}>
      <div className="min-w-0 space-y-1">
        <p className="break-words font-medium">{line.description}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <time dateTime={line.at}>{formatDay(line.at)}</time>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', kind.className)}>{kind.label}</span>
        </p>
      </div>
      <div className="flex shrink-0 items-baseline justify-between gap-4 sm:flex-col sm:items-end sm:gap-1">
        <span
          className={cn('text-base font-semibold tabular-nums', line.amountCents < 0 && 'text-destructive')}
          aria-label={`Amount ${formatCents(line.amountCents)}`}
        >
          {formatCents(line.amountCents, { signed: true })}
        </span>
        <span className="text-sm text-muted-foreground tabular-nums">
          {nested ? 'Running total' : 'Balance'} {formatCents(line.balanceCents)}
        </span>
      </div>
    </div>
  );
}

/** A payout line with a toggle that loads and shows the earnings and refunds it paid. */
function PayoutLine({ line, payoutId }: { line: StatementLineView; payoutId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const paid = usePayoutLines(payoutId, open);
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <div>
      <LineRow line={line} />
      <div className="px-4 pb-4">
        <Button
          variant="link"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <Chevron aria-hidden="true" />
          {open ? 'Hide what this payout paid' : 'Show what this payout paid'}
        </Button>
        {open ? (
          <div id={panelId} className="mt-2 rounded-lg border border-border bg-muted/40">
            {paid.isPending ? (
              <div role="status" aria-label="Loading the payout's lines" className="space-y-2 p-4">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-4 w-40" />
              </div>
            ) : paid.isError ? (
              <div className="space-y-2 p-4">
                <p role="alert" className="text-sm text-muted-foreground">
                  We couldn't load what this payout paid.
                </p>
                <Button variant="outline" size="sm" onClick={() => void paid.refetch()}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            ) : (
              <div>
                <p className="px-4 pt-3 text-sm text-muted-foreground">
                  {paid.data.payout.destination ? `Sent to ${paid.data.payout.destination}. ` : ''}
                  {paid.data.payout.reference ? `Reference: ${paid.data.payout.reference}` : ''}
                </p>
                <ul
                  aria-label={`Lines paid by the payout for ${paid.data.payout.week}`}
                  className="divide-y divide-border"
                >
                  {paid.data.lines.map((paidLine, index) => (
                    <li key={`${paidLine.at}-${index}`}>
                      <LineRow line={paidLine} nested />
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
