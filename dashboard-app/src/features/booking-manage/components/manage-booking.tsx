import { useRef, useState } from 'react';
import { formatCents, PaymentMessages, type ManagedBookingView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { useCancelManagedBooking, useManagedBooking } from '../api/managed-booking';
import { ReschedulePicker } from './reschedule-picker';
import { browserTimeZone, formatSession } from './session-time';

const STATUS_TOLD: Partial<Record<ManagedBookingView['status'], string>> = {
  cancelled: 'This session is cancelled. It was cancelled inside the cancellation window, so it was not refunded.',
  refund_due: 'This session is cancelled. Your refund is on its way.',
  refunded: 'This session is cancelled and your payment refunded in full. Banks take 5 to 10 business days to show it.',
  partially_refunded: 'Part of your payment was refunded, so this session can no longer be changed here. Please contact the creator.',
  refund_failed: 'This session is cancelled, but your refund did not go through. We are looking into it and will be in touch.',
};

/** What cancelling now means for the money, as the Cancel button says it. */
const cancelLabel = (booking: ManagedBookingView) =>
  booking.refundOnCancel ? 'Cancel — refunded in full' : `Cancel — not refunded: less than ${booking.cancellationHours} hours before the start`;

/**
 * A visitor's paid session, opened from the private link in their receipt: when (in their own time zone),
 * with whom, what they paid; cancel it (refunded in full outside the creator's cancellation window) or move it
 * once to another free time.
 */
export function ManageBooking({ token }: { token: string }) {
  const booking = useManagedBooking(token);
  const cancel = useCancelManagedBooking(token);
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);

  if (booking.isPending) return <p className="text-sm text-muted-foreground">Loading your booking...</p>;
  if (booking.isError) {
    const invalid = booking.error instanceof ApiError && booking.error.status === 404;
    return (
      <Notice variant="error">
        {invalid ? PaymentMessages.manageLinkInvalid : messageOf(booking.error, 'Your booking could not be loaded. Please try again.')}
      </Notice>
    );
  }

  const view = booking.data;
  const told = STATUS_TOLD[view.status];
  return (
    <div className="space-y-5">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-muted-foreground">When</dt>
          <dd className="font-medium break-words">{formatSession(view.slotStart, view.slotEnd)}</dd>
          <dd className="text-muted-foreground">Your time ({browserTimeZone()})</dd>
          {view.timeZone !== browserTimeZone() ? (
            <dd className="text-muted-foreground break-words">
              {formatSession(view.slotStart, view.slotEnd, view.timeZone)} for {view.creator.displayName} ({view.timeZone})
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-muted-foreground">With</dt>
          <dd className="font-medium break-words">
            {view.creator.displayName}{' '}
            <a className="text-primary underline-offset-4 hover:underline" href={`/${view.creator.username}`} rel="noreferrer">
              @{view.creator.username}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Paid</dt>
          <dd className="font-medium">${formatCents(view.amount)}</dd>
        </div>
      </dl>

      {told ? <Notice variant="success">{told}</Notice> : null}
      {moved && !told ? <Notice variant="success">Your session is moved. You and {view.creator.displayName} were sent the new time.</Notice> : null}
      {view.status === 'paid' && !view.canCancel ? <p className="text-sm text-muted-foreground">This session has started, so it can no longer be changed.</p> : null}

      {moving ? (
        <ReschedulePicker
          token={token}
          booking={view}
          onClose={() => setMoving(false)}
          onMoved={() => {
            setMoving(false);
            setMoved(true);
          }}
        />
      ) : (
        <div className="flex flex-col gap-2">
          {view.canReschedule ? (
            <Button variant="outline" onClick={() => setMoving(true)}>
              Move to another time
            </Button>
          ) : null}
          {view.canCancel ? (
            <Button ref={cancelButton} variant="destructive" className="h-auto min-h-10 py-2 whitespace-normal" onClick={() => setConfirming(true)}>
              {cancelLabel(view)}
            </Button>
          ) : null}
        </div>
      )}

      <Dialog open={confirming} onOpenChange={(open) => (cancel.isPending ? undefined : setConfirming(open))}>
        <DialogContent className="max-w-md" returnFocusTo={cancelButton}>
          <DialogHeader>
            <DialogTitle>Cancel this session?</DialogTitle>
            <DialogDescription>
              {view.refundOnCancel
                ? `Your payment of $${formatCents(view.amount)} is refunded in full.`
                : `It starts in less than ${view.cancellationHours} hours, so your payment of $${formatCents(view.amount)} is not refunded.`}
            </DialogDescription>
          </DialogHeader>
          {cancel.isError ? <Notice variant="error">{messageOf(cancel.error, 'The session could not be cancelled. Please try again.')}</Notice> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={cancel.isPending}>
                Keep session
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel session'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
