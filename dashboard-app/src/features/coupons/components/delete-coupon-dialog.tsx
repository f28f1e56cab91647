import type { CouponView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface DeleteCouponDialogProps {
  coupon: CouponView | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Asks before a coupon is deleted: its code is refused from then on (purchases already made keep their price). */
export function DeleteCouponDialog({ coupon, pending, onOpenChange, onConfirm }: DeleteCouponDialogProps) {
  return (
    <Dialog open={coupon !== null} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete this coupon?</DialogTitle>
          <DialogDescription>
            {coupon ? `${coupon.code} will no longer be accepted. Purchases already made with it keep their price.` : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Keep coupon
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Deleting...' : 'Delete coupon'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
