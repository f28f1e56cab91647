import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  bookingAmounts,
  formatCents,
  MAX_BOOKING_PRICE_CENTS,
  Messages,
  MIN_BOOKING_PRICE_CENTS,
  parseDollarsToCents,
  PLATFORM_FEE_PERCENT,
  UpdateBookingSettingsRequest,
  type UserView,
} from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { PrefixInput } from '@/components/ui/prefix-input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { validateWith } from '@/lib/validate';
import { useUpdateBookingSettings } from '../api/update-booking-settings';
import { SettingsCard } from '@/components/settings-card';

interface BookingSettingsCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

/** The same rules the server applies (a dollar amount, $1.00 to $10,000.00, required to enable booking). */
function priceError(price: string): string | undefined {
  if (price === '') return Messages.bookingPriceRequired;
  const invalid = validateWith(UpdateBookingSettingsRequest, { enableBooking: true, bookingPrice: price }).bookingPrice;
  if (invalid) return invalid;
  const cents = parseDollarsToCents(price);
  if (cents === null || cents < MIN_BOOKING_PRICE_CENTS || cents > MAX_BOOKING_PRICE_CENTS)
    return Messages.bookingPriceRange;
  return undefined;
}

/**
 * What a session at `price` (dollars, as typed) comes to, by the server's own split (bookingAmounts): what the
 * creator receives and what a visitor pays with the platform fee; null while the price is not a valid one.
 */
export function feeLine(price: string): string | null {
  const cents = priceError(price.trim()) ? null : parseDollarsToCents(price.trim());
  if (cents === null) return null;
  const { userAmount, platformFee, amount } = bookingAmounts(cents);
  return `You receive $${formatCents(userAmount)} per session. Visitors pay $${formatCents(amount)}: your price plus the ${PLATFORM_FEE_PERCENT}% platform fee ($${formatCents(platformFee)}).`;
}

/** Under the price: with session types stored, each type's own price is charged; this switch and a price still turn booking on. */
export const SESSION_TYPES_PRICE_HINT = 'Once you add session types, each has its own price. Booking still needs this switch on and a price here.';

/** Booking Settings: the enable switch and, while it is on, the session price in dollars (spec §2, §4). */
export function BookingSettingsCard({ user, onUserChange, className }: BookingSettingsCardProps) {
  const save = useUpdateBookingSettings(onUserChange);
  const switchId = useId();
  const [enabled, setEnabled] = useState(user.enableBooking);
  const [price, setPrice] = useState(user.bookingPrice === null ? '' : formatCents(user.bookingPrice));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bookingPrice = price.trim();
    const found = enabled ? priceError(bookingPrice) : undefined;
    setError(found);
    if (found) return;
    save.mutate(enabled ? { enableBooking: true, bookingPrice } : { enableBooking: false }, {
      onSuccess: ({ user: saved }) => {
        if (saved.bookingPrice !== null) setPrice(formatCents(saved.bookingPrice));
        toast({ title: 'Settings updated' });
      },
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: messageOf(failure, 'Failed to update booking settings. Please try again.'),
        }),
    });
  };

  return (
    <SettingsCard
      className={className}
      id="booking-settings"
      icon={CalendarClock}
      title="Booking Settings"
      description="Sell paid sessions from your page."
    >
      <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
        <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-muted/50 p-4">
          <div className="space-y-1">
            <Label htmlFor={switchId}>Enable booking</Label>
            <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
              Visitors see a “Book a Session” button on your page.
            </p>
          </div>
          <Switch
            id={switchId}
            checked={enabled}
            onCheckedChange={(checked) => {
              setEnabled(checked);
              setError(undefined);
            }}
            aria-describedby={`${switchId}-hint`}
          />
        </div>

        {enabled ? (
          <Field
            label="Session Price"
            error={error}
            hint="In US dollars, from $1.00 to $10,000.00. Visitors also pay a 20% platform fee."
          >
            <PrefixInput
              prefix="$"
              name="bookingPrice"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              placeholder="25.00"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
            />
          </Field>
        ) : null}
        {enabled ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {feeLine(price)}
          </p>
        ) : null}
        {enabled ? (
          <p className="text-xs text-muted-foreground">
            {SESSION_TYPES_PRICE_HINT}
          </p>
        ) : null}

        <div className="mt-auto flex justify-end pt-2">
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
