import type { RefObject } from 'react';
import type { SaleView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { buyerOf, dollars } from './sale-row';

interface RefundSaleDialogProps {
  sale: SaleView | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Asks before a sale is refunded: who gets how much back, and what the creator no longer earns. */
export function RefundSaleDialog({ sale, pending, onOpenChange, onConfirm, returnFocusTo }: RefundSaleDialogProps) {
  return (
    <Dialog open={sale !== null} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Refund this sale?</DialogTitle>
          <DialogDescription>
            {sale ? `${buyerOf(sale)} is refunded ${dollars(sale.amount)} in full and told by e-mail.` : null}
          </DialogDescription>
        </DialogHeader>
        {sale ? (
          <p className="text-sm text-muted-foreground">
            You will not earn the {dollars(sale.userAmount)} of this sale; if it was paid out already, it is taken from your next payout.
            {sale.kind === 'product' ? ' The buyer’s order link stops working.' : ''}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Keep sale
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Refunding...' : 'Refund'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
