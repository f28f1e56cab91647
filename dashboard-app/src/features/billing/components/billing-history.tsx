import { LoadFailed } from '@/components/ui/load-failed';
import { formatCents, type PremiumChargeView } from '@linkbio/shared-contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { useCharges } from '../api/premium-billing';
import { formatDate } from '../format-date';

/** The Premium billing history: each charge with its date, amount, period, card and receipt number. */
export function BillingHistory() {
  const charges = useCharges();
  return (
    <section aria-labelledby="billing-history-title" className="space-y-3 border-t border-border pt-4">
      <h3 id="billing-history-title" className="text-sm font-semibold">
        Billing history
      </h3>
      {charges.isPending ? (
        <div role="status" aria-label="Loading your billing history" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : charges.isError ? (
        <LoadFailed what="your billing history" onRetry={() => void charges.refetch()} size="sm" />
      ) : charges.data.charges.length === 0 ? (
        <p className="text-sm text-muted-foreground">No Premium charges yet. Your receipts will be listed here.</p>
      ) : (
        <ul aria-label="Premium charges" className="divide-y divide-border text-sm">
          {charges.data.charges.map((charge) => (
            <ChargeLine key={charge.id} charge={charge} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChargeLine({ charge }: { charge: PremiumChargeView }) {
  const paid = charge.status === 'paid';
  const period =
    charge.periodStart && charge.periodEnd ? `${formatDate(charge.periodStart)} – ${formatDate(charge.periodEnd)}` : null;
  return (
    <li className="space-y-0.5 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{formatDate(charge.date)}</span>
        <span className={paid ? 'font-semibold' : 'font-semibold text-destructive'}>
          ${formatCents(charge.amountCents)} {paid ? 'paid' : 'declined'}
        </span>
      </div>
      <p className="text-muted-foreground">
        {period && <span className="block">Period: {period}</span>}
        {charge.cardLast4 && <span className="block">Card ending in {charge.cardLast4}</span>}
        {charge.receiptNumber && <span className="block">Receipt {charge.receiptNumber}</span>}
      </p>
    </li>
  );
}
