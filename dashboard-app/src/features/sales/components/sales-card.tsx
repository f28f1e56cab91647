import { LoadFailed } from '@/components/ui/load-failed';
import { ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import type { SaleView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/settings-card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useRefundSale, useSales, useTipSettings } from '../api/sales';
import { RefundSaleDialog } from './refund-sale-dialog';
import { REFUNDABLE, SaleRow } from './sale-row';
import { TipSettingsForm } from './tip-settings-form';

/**
 * Sales: every product order and tip paid for, newest first, a page at a time — the buyer, what they bought
 * ('Tip'), a tip's message, what they paid, the fee and the status. A paid sale can be refunded in full after
 * asking. Below, the Support block's tip settings.
 */
export function SalesCard({ className }: { className?: string }) {
  const sales = useSales();
  const tips = useTipSettings();
  const refund = useRefundSale();
  const [refunding, setRefunding] = useState<SaleView | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const list = (sales.data?.pages ?? []).flatMap((page) => page.sales);
  const confirmRefund = () => {
    if (!refunding) return;
    refund.mutate(refunding.id, {
      onSuccess: ({ sale }) => {
        setRefunding(null);
        toast({
          title: sale.status === 'refunded' ? 'Sale refunded' : 'Refund on its way',
          description: sale.status === 'refunded' ? undefined : 'The refund is retried in a few minutes.',
        });
      },
      onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to refund the sale. Please try again.') }),
    });
  };

  return (
    <SettingsCard id="sales-card" icon={ShoppingBag} title="Sales" description="Products and tips visitors paid for." className={className}>
      <div className="space-y-6">
        {sales.isPending ? (
          <div role="status" aria-label="Loading sales" className="space-y-3">
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-16 w-full" />
            ))}
          </div>
        ) : sales.isError ? (
          <LoadFailed what="your sales" onRetry={() => void sales.refetch()} />
        ) : list.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border px-4 py-8 text-center">
            <p className="font-medium">No sales yet</p>
            <p className="mt-1 text-sm text-muted-foreground">When visitors buy a product or send a tip, it shows up here.</p>
          </div>
        ) : (
          <>
            <ul aria-label="Sales" className="divide-y divide-border rounded-lg border border-border">
              {list.map((sale) => (
                <SaleRow
                  key={sale.id}
                  sale={sale}
                  onRefund={
                    REFUNDABLE.includes(sale.status)
                      ? (chosen, button) => {
                          trigger.current = button;
                          setRefunding(chosen);
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
            {sales.hasNextPage ? (
              <Button variant="outline" disabled={sales.isFetchingNextPage} onClick={() => void sales.fetchNextPage()}>
                {sales.isFetchingNextPage ? 'Loading...' : 'Show more sales'}
              </Button>
            ) : null}
          </>
        )}
        <div className="space-y-3 border-t border-border pt-4">
          <h3 className="text-sm font-semibold">
            Tips
          </h3>
          {tips.data ? <TipSettingsForm settings={tips.data} /> : tips.isError ? <LoadFailed what="your tip settings" onRetry={() => void tips.refetch()} size="sm" /> : <Skeleton className="h-24 w-full" />}
        </div>
      </div>
      <RefundSaleDialog
        sale={refunding}
        pending={refund.isPending}
        onOpenChange={(open) => (open ? undefined : setRefunding(null))}
        onConfirm={confirmRefund}
        returnFocusTo={trigger}
      />
    </SettingsCard>
  );
}
