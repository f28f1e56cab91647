import { formatCents, type BookingStatus, type BookingView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { viewerTimeLocale } from '@/lib/viewer-locale';
import { BookingSession } from './booking-session';

const STATUS: Partial<Record<BookingStatus, { label: string; className: string }>> = {
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-800' },
  refund_due: { label: 'Refund due', className: 'bg-amber-100 text-amber-800' },
  refunded: { label: 'Refunded', className: 'bg-slate-100 text-slate-700' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-100 text-slate-700' },
  partially_refunded: { label: 'Partly refunded', className: 'bg-amber-100 text-amber-800' },
  refund_failed: { label: 'Refund failed', className: 'bg-red-100 text-red-800' },
};

/** The states a creator can still cancel (and refund, all that is left) a booking in. */
export const CANCELLABLE: readonly BookingStatus[] = ['paid', 'partially_refunded'];

export const dollars = (cents: number) => `$${formatCents(cents)}`;

/** "2026-07-05T14:30:00Z" → "Jul 5, 2026, 2:30 PM" (en-US; "14:30" in a 24-hour locale), in `timeZone` (the creator's) or the browser's. */
const formatWhen = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat(viewerTimeLocale(), { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** "Tue, Jul 7, 2026, 3:00 – 3:45 PM": a session's time, in the viewer's locale. */
const formatSession = (start: string, end: string, timeZone?: string) =>
  new Intl.DateTimeFormat(viewerTimeLocale(), { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).formatRange(
    new Date(start),
    new Date(end),
  );

/**
 * What the creator earns from the booking now, as the earnings statement counts it: a refund (or one on its way)
 * takes the earning back, a partial one the refunded share of it.
 */
export function earningOf(booking: BookingView): string {
  switch (booking.status) {
    case 'refunded':
    case 'refund_failed':
      return 'Refunded: you earn nothing';
    case 'refund_due':
      return 'Being refunded: you earn nothing';
    case 'partially_refunded':
      return `Partly refunded: you earn what is left of ${dollars(booking.userAmount)}`;
    case 'paid':
    case 'cancelled': // inside the cancellation window: not refunded, the earning kept
    case 'pending_payment':
    case 'failed':
    case 'expired':
      return `You earn ${dollars(booking.userAmount)}`;
  }
}

interface BookingRowProps {
  booking: BookingView;
  /** The creator's time zone, when known; else the browser's. */
  timeZone?: string;
  /** Present for a booking that can still be cancelled (paid, or partly refunded): opens the confirmation. */
  onCancel?: (booking: BookingView, trigger: HTMLButtonElement) => void;
}

/**
 * One booking: who, when (the session's time, or when it was paid), what it was booked as (type, where, answers),
 * what they paid and earned, its status.
 */
export function BookingRow({ booking, timeZone, onCancel }: BookingRowProps) {
  const status = STATUS[booking.status] ?? { label: booking.status.replace(/_/g, ' '), className: 'bg-slate-100 text-slate-700' };
  const paidAt = booking.paidAt ?? booking.createdAt;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words">{booking.customerName}</p>
        <p className="text-sm break-all text-muted-foreground">{booking.customerEmail}</p>
        {booking.customerPhone && <p className="text-sm text-muted-foreground">{booking.customerPhone}</p>}
        {booking.slotStart && booking.slotEnd ? (
          <p className="text-sm font-medium">
            <time dateTime={booking.slotStart}>{formatSession(booking.slotStart, booking.slotEnd, timeZone)}</time>
            {timeZone ? <span className="font-normal text-muted-foreground"> ({timeZone})</span> : null}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {booking.slotStart ? 'Paid ' : null}
          <time dateTime={paidAt}>{formatWhen(paidAt, timeZone)}</time>
          {booking.source ? <span className="break-all"> · via {booking.source}</span> : null}
        </p>
        {booking.message && <p className="text-sm break-words whitespace-pre-line text-foreground/80">“{booking.message}”</p>}
        <BookingSession booking={booking} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
        <p className="text-right">
          <span className="block text-base font-semibold tabular-nums">{dollars(booking.amount)}</span>
          <span className="block text-xs text-muted-foreground">{earningOf(booking)}</span>
        </p>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
        {onCancel ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Cancel and refund the booking of ${booking.customerName}`}
            onClick={(event) => onCancel(booking, event.currentTarget)}
          >
            Cancel and refund
          </Button>
        ) : null}
      </div>
    </li>
  );
}
