import { CalendarCheck, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { PAID_BOOKING_STATUSES, type BookingView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAvailability } from '@/features/availability/api/availability';
import { useBookings, useCancelBooking } from '../api/get-bookings';
import { BookingRow, CANCELLABLE } from './booking-row';
import { CancelBookingDialog } from './cancel-booking-dialog';

export { dollars } from './booking-row';

/** What the caption promises: bookings that were paid for (the API lists only those; a visitor's unpaid attempt never shows). */
const paidFor = (booking: BookingView) => PAID_BOOKING_STATUSES.includes(booking.status);

/** Sessions still to come, soonest first; then every other booking, newest first (as the API answers). */
function splitByTime(bookings: BookingView[], now: number) {
  const upcoming = bookings
    .filter((b) => b.slotStart && new Date(b.slotStart).getTime() > now && CANCELLABLE.includes(b.status))
    .sort((a, b) => a.slotStart!.localeCompare(b.slotStart!));
  return { upcoming, others: bookings.filter((b) => !upcoming.includes(b)) };
}

/**
 * Bookings: every session a visitor booked and paid for, what they paid and earned, and what became of it;
 * upcoming sessions first (in the creator's time zone), then the rest, newest first, a page at a time. A paid
 * (or partly refunded) booking can be cancelled: the visitor is refunded in full and told by e-mail. A refund
 * that failed at the provider after it succeeded shows as such: the operators resolve it.
 */
export function BookingsCard({ className }: { className?: string }) {
  const bookings = useBookings();
  const timeZone = useAvailability().data?.timeZone;
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<BookingView | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const pages = bookings.data?.pages ?? [];
  const paid = pages.flatMap((page) => page.bookings).filter(paidFor);
  const unpaidAttempts = pages[0]?.unpaidAttempts ?? 0;
  const { upcoming, others } = splitByTime(paid, Date.now());
  const openCancel = (booking: BookingView, button: HTMLButtonElement) => {
    trigger.current = button;
    setCancelling(booking);
  };
  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: ({ booking }) => {
        setCancelling(null);
        toast({
          title: booking.status === 'refunded' ? 'Booking cancelled and refunded' : 'Booking cancelled',
          description: booking.status === 'refunded' ? undefined : 'The refund is on its way; it is retried in a few minutes.',
        });
      },
      onError: (failure) =>
        toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to cancel the booking. Please try again.') }),
    });
  };
  const rows = (list: BookingView[]) =>
    list.map((booking) => (
      <BookingRow key={booking.id} booking={booking} timeZone={timeZone} onCancel={CANCELLABLE.includes(booking.status) ? openCancel : undefined} />
    ));

  return (
    <Card role="region" aria-labelledby="bookings-card-title" className={cn('flex flex-col', className)}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <CalendarCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle id="bookings-card-title">Bookings</CardTitle>
            <CardDescription>Sessions visitors booked and paid for.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {bookings.isPending ? (
          <div role="status" aria-label="Loading bookings" className="space-y-3">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-40 max-w-full" />
                  <Skeleton className="h-3 w-28" />
                </div>
                <Skeleton className="h-6 w-16" />
              </div>
            ))}
          </div>
        ) : bookings.isError ? (
          <div className="space-y-3">
            <p role="alert" className="text-sm text-muted-foreground">
              We couldn't load your bookings.
            </p>
            <Button variant="outline" onClick={() => void bookings.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : paid.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border px-4 py-10 text-center">
            <CalendarCheck className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">No bookings yet</p>
            <p className="mt-1 text-sm text-muted-foreground">
              When visitors book a session from your page, it shows up here.
            </p>
          </div>
        ) : (
          <>
            {upcoming.length > 0 ? (
              <section aria-labelledby="upcoming-sessions" className="space-y-2">
                <h3 id="upcoming-sessions" className="text-sm font-semibold">
                  Upcoming sessions
                </h3>
                <ul aria-label="Upcoming sessions" className="divide-y divide-border rounded-lg border border-border">
                  {rows(upcoming)}
                </ul>
              </section>
            ) : null}
            {others.length > 0 ? (
              <section aria-labelledby="past-bookings" className="space-y-2">
                {upcoming.length > 0 ? (
                  <h3 id="past-bookings" className="text-sm font-semibold">
                    Past and other bookings
                  </h3>
                ) : null}
                <ul aria-label="Bookings" className="divide-y divide-border rounded-lg border border-border">
                  {rows(others)}
                </ul>
              </section>
            ) : null}
            {bookings.hasNextPage ? (
              <Button variant="outline" disabled={bookings.isFetchingNextPage} onClick={() => void bookings.fetchNextPage()}>
                {bookings.isFetchingNextPage ? 'Loading...' : 'Show more bookings'}
              </Button>
            ) : null}
          </>
        )}
        {unpaidAttempts > 0 ? (
          <p className="text-xs text-muted-foreground">
            {unpaidAttempts} booking {unpaidAttempts === 1 ? 'attempt was' : 'attempts were'} not paid and {unpaidAttempts === 1 ? 'is' : 'are'} not listed.
          </p>
        ) : null}
      </CardContent>
      <CancelBookingDialog
        booking={cancelling}
        pending={cancel.isPending}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        onConfirm={confirmCancel}
        returnFocusTo={trigger}
      />
    </Card>
  );
}
