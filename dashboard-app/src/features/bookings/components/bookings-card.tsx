import { CalendarCheck, RefreshCw } from 'lucide-react';
import { formatCents, PAID_BOOKING_STATUSES, type BookingStatus, type BookingView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useBookings } from '../api/get-bookings';

const STATUS: Partial<Record<BookingStatus, { label: string; className: string }>> = {
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-800' },
};

/** What the caption promises: bookings that were paid for (the API lists only those; a visitor's unpaid attempt never shows). */
const paidFor = (booking: BookingView) => PAID_BOOKING_STATUSES.includes(booking.status);

/** "2026-07-05T14:30:00Z" → "Jul 5, 2026, 2:30 PM", in the creator's time zone. */
const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const dollars = (cents: number) => `$${formatCents(cents)}`;

/** Bookings: every session a visitor booked and paid for, newest first, with what they paid and earned. */
export function BookingsCard({ className }: { className?: string }) {
  const bookings = useBookings();
  const paid = bookings.data?.filter(paidFor) ?? [];
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
      <CardContent>
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
          <ul aria-label="Bookings" className="divide-y divide-border rounded-lg border border-border">
            {paid.map((booking) => (
              <BookingRow key={booking.id} booking={booking} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function BookingRow({ booking }: { booking: BookingView }) {
  const status = STATUS[booking.status] ?? STATUS.paid!;
  const when = booking.paidAt ?? booking.createdAt;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words">{booking.customerName}</p>
        <p className="text-sm break-all text-muted-foreground">{booking.customerEmail}</p>
        {booking.customerPhone && <p className="text-sm text-muted-foreground">{booking.customerPhone}</p>}
        <p className="text-sm text-muted-foreground">
          <time dateTime={when}>{formatWhen(when)}</time>
        </p>
        {booking.message && (
          <p className="text-sm break-words whitespace-pre-line text-foreground/80">“{booking.message}”</p>
        )}
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 sm:flex-col sm:items-end">
        <p className="text-right">
          <span className="block text-base font-semibold tabular-nums">{dollars(booking.amount)}</span>
          <span className="block text-xs text-muted-foreground">You earn {dollars(booking.userAmount)}</span>
        </p>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
      </div>
    </li>
  );
}
