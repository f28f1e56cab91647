import type { RefObject } from 'react';
import type { BookingView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { dollars } from './booking-row';

interface CancelBookingDialogProps {
  booking: BookingView | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Asks before a paid booking is cancelled: who is refunded how much, and what the creator no longer earns. */
export function CancelBookingDialog({ booking, pending, onOpenChange, onConfirm, returnFocusTo }: CancelBookingDialogProps) {
  return (
    <Dialog open={booking !== null} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-md" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Cancel this booking?</DialogTitle>
          <DialogDescription>
            {booking
              ? booking.status === 'partially_refunded'
                ? `${booking.customerName} is refunded the rest of the ${dollars(booking.amount)} (part was refunded already) and told by e-mail.`
                : `${booking.customerName} is refunded ${dollars(booking.amount)} in full and told by e-mail.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {booking ? (
          <p className="text-sm text-muted-foreground">
            {booking.status === 'partially_refunded'
              ? `You will not earn what is left of your ${dollars(booking.userAmount)} from this booking`
              : `You will not earn the ${dollars(booking.userAmount)} of this booking`}
            ; if it was paid out already, it is taken
            from your next payout.{booking.slotStart ? ' The time becomes free for other visitors.' : ''}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Keep booking
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Cancelling...' : 'Cancel and refund'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
