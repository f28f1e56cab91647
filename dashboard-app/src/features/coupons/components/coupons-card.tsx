import { LoadFailed } from '@/components/ui/load-failed';
import { TicketPercent, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { couponDiscountLabel, type CouponView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/settings-card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useCouponProducts, useCoupons, useDeleteCoupon, type CouponProduct } from '../api/coupons';
import { CreateCouponForm } from './create-coupon-form';
import { DeleteCouponDialog } from './delete-coupon-dialog';

/** What a coupon applies to, in words: a product by its title when it is known. */
export function appliesToLabel(appliesTo: string, products: CouponProduct[]): string {
  if (appliesTo === 'all') return 'Everything';
  if (appliesTo === 'sessions') return 'Sessions';
  return products.find((product) => product.id === appliesTo)?.title ?? 'One product';
}

const expiryLabel = (expiresAt: string | null, now: number): string => {
  if (!expiresAt) return 'No expiry';
  const when = new Date(expiresAt);
  const date = when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return when.getTime() <= now ? `Expired ${date}` : `Expires ${date}`;
};

/**
 * Coupons: the creator's codes with their discount, what they apply to, uses so far (of the maximum) and
 * expiry; a form to add one, and deletion after a confirmation.
 */
export function CouponsCard({ className }: { className?: string }) {
  const coupons = useCoupons();
  const products = useCouponProducts().data ?? [];
  const remove = useDeleteCoupon();
  const [deleting, setDeleting] = useState<CouponView | null>(null);
  const list = coupons.data ?? [];
  const now = Date.now();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Coupon deleted', description: `${deleting.code} is no longer accepted.` });
        setDeleting(null);
      },
      onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to delete the coupon. Please try again.') }),
    });
  };

  return (
    <SettingsCard id="coupons-card" icon={TicketPercent} title="Coupons" description="Codes visitors enter at checkout for a discount." className={className}>
      <div className="space-y-6">
        {coupons.isPending ? (
          <div role="status" aria-label="Loading coupons" className="space-y-3">
            {[0, 1].map((row) => (
              <div key={row} className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-32 max-w-full" />
                  <Skeleton className="h-3 w-48 max-w-full" />
                </div>
                <Skeleton className="h-8 w-8" />
              </div>
            ))}
          </div>
        ) : coupons.isError ? (
          <LoadFailed what="your coupons" onRetry={() => void coupons.refetch()} />
        ) : list.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border px-4 py-8 text-center">
            <TicketPercent className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">No coupons yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Add a code below to offer visitors a discount.</p>
          </div>
        ) : (
          <ul aria-label="Coupons" className="divide-y divide-border rounded-lg border border-border">
            {list.map((coupon) => (
              <li key={coupon.id} className="flex items-center justify-between gap-4 p-4">
                <div className="min-w-0 space-y-1">
                  <p className="truncate font-mono font-medium">{coupon.code}</p>
                  <p className="text-sm text-muted-foreground">
                    {couponDiscountLabel(coupon)} · {appliesToLabel(coupon.appliesTo, products)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {coupon.maxRedemptions === null ? `${coupon.uses} used` : `${coupon.uses} of ${coupon.maxRedemptions} used`} ·{' '}
                    {expiryLabel(coupon.expiresAt, now)}
                  </p>
                </div>
                <Button variant="ghost" size="icon" aria-label={`Delete coupon ${coupon.code}`} onClick={() => setDeleting(coupon)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="space-y-3">
          <h3 id="new-coupon-title" className="text-sm font-semibold">
            New coupon
          </h3>
          <CreateCouponForm />
        </div>
      </div>
      <DeleteCouponDialog coupon={deleting} pending={remove.isPending} onOpenChange={(open) => (open ? undefined : setDeleting(null))} onConfirm={confirmDelete} />
    </SettingsCard>
  );
}
