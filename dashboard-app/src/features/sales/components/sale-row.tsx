import { formatCents, type SaleStatus, type SaleView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { viewerTimeLocale } from '@/lib/viewer-locale';

const STATUS: Partial<Record<SaleStatus, { label: string; className: string }>> = {
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-800' },
  refund_due: { label: 'Refund due', className: 'bg-amber-100 text-amber-800' },
  refunded: { label: 'Refunded', className: 'bg-slate-100 text-slate-700' },
  partially_refunded: { label: 'Partly refunded', className: 'bg-amber-100 text-amber-800' },
  refund_failed: { label: 'Refund failed', className: 'bg-red-100 text-red-800' },
};

/** The states a creator can still refund a sale in (all that is left of it). */
export const REFUNDABLE: readonly SaleStatus[] = ['paid', 'partially_refunded'];

export const dollars = (cents: number) => `$${formatCents(cents)}`;

const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat(viewerTimeLocale(), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** What the creator earns from the sale now: a refund takes the earning back. */
export function saleEarning(sale: SaleView): string {
  if (sale.status === 'refunded' || sale.status === 'refund_failed') return 'Refunded: you earn nothing';
  if (sale.status === 'refund_due') return 'Being refunded: you earn nothing';
  if (sale.status === 'partially_refunded') return `Partly refunded: you earn what is left of ${dollars(sale.userAmount)}`;
  return `You earn ${dollars(sale.userAmount)}`;
}

export const buyerOf = (sale: SaleView) => sale.customerName ?? sale.customerEmail;

/** One sale or tip: the buyer, what they bought ('Tip'), when, their message, what they paid, the fee and status. */
export function SaleRow({ sale, onRefund }: { sale: SaleView; onRefund?: (sale: SaleView, trigger: HTMLButtonElement) => void }) {
  const status = STATUS[sale.status] ?? { label: sale.status.replace(/_/g, ' '), className: 'bg-slate-100 text-slate-700' };
  const at = sale.paidAt ?? sale.createdAt;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words">{sale.title}</p>
        <p className="text-sm break-words">{buyerOf(sale)}</p>
        <p className="text-sm break-all text-muted-foreground">{sale.customerEmail}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={at}>{formatWhen(at)}</time>
        </p>
        {sale.message && <p className="text-sm break-words whitespace-pre-line text-foreground/80">“{sale.message}”</p>}
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
        <p className="text-right">
          <span className="block text-base font-semibold tabular-nums">{dollars(sale.amount)}</span>
          <span className="block text-xs text-muted-foreground">Fee {dollars(sale.platformFee)}</span>
          <span className="block text-xs text-muted-foreground">{saleEarning(sale)}</span>
        </p>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
        {onRefund ? (
          <Button variant="outline" size="sm" aria-label={`Refund ${sale.title} of ${buyerOf(sale)}`} onClick={(event) => onRefund(sale, event.currentTarget)}>
            Refund
          </Button>
        ) : null}
      </div>
    </li>
  );
}
