import { CalendarRange, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AvailabilityView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useAvailability, useSaveAvailability } from '../api/availability';
import { errorsOf, formOf, requestOf, timeZones, type AvailabilityForm } from '../availability-form';
import { DatesOffEditor } from './dates-off-editor';
import { WeeklyHoursEditor } from './weekly-hours-editor';

interface AvailabilityCardProps {
  /** Whether the page takes bookings now (Booking Settings). */
  bookingEnabled: boolean;
  className?: string;
}

const NUMBERS: Array<{ field: keyof AvailabilityForm & string; label: string; unit: string; hint: string }> = [
  { field: 'sessionMinutes', label: 'Session length', unit: 'minutes', hint: '15 to 240 minutes.' },
  { field: 'bufferMinutes', label: 'Buffer between sessions', unit: 'minutes', hint: 'Free time kept after each session, 0 to 120 minutes.' },
  { field: 'minNoticeHours', label: 'Minimum notice', unit: 'hours', hint: 'How soon before a session it can still be booked, 0 to 168 hours.' },
  { field: 'horizonDays', label: 'Book up to', unit: 'days ahead', hint: 'How far ahead visitors may book, 1 to 365 days.' },
  {
    field: 'cancellationHours',
    label: 'Cancellation window',
    unit: 'hours',
    hint: 'Visitors who cancel later than this before the start are not refunded, 0 to 168 hours.',
  },
];

/**
 * Availability (Booking Settings' times): the creator's time zone, session length, buffer, notice, how far ahead,
 * weekly hours (several ranges a day), dates off and the cancellation window, saved together. Checked with the
 * API's own rules before sending; what the API still refuses is shown in its words.
 */
export function AvailabilityCard({ bookingEnabled, className }: AvailabilityCardProps) {
  const availability = useAvailability();
  return (
    <SettingsCard
      className={className}
      id="availability"
      icon={CalendarRange}
      title="Availability"
      description="When visitors can book a session with you, in your own time zone."
    >
      {availability.isPending ? (
        <div role="status" aria-label="Loading availability" className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : availability.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            {messageOf(availability.error, 'Your availability could not be loaded.')}
          </p>
          <Button type="button" variant="outline" onClick={() => void availability.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <AvailabilityFormView saved={availability.data} bookingEnabled={bookingEnabled} />
      )}
    </SettingsCard>
  );
}

function AvailabilityFormView({ saved, bookingEnabled }: { saved: AvailabilityView; bookingEnabled: boolean }) {
  const save = useSaveAvailability();
  const [form, setForm] = useState<AvailabilityForm>(() => formOf(saved));
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const change = (next: Partial<AvailabilityForm>) => setForm((current) => ({ ...current, ...next }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = errorsOf(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(requestOf(form), {
      onSuccess: (stored) => {
        setForm(formOf(stored));
        toast({ title: 'Availability saved' });
      },
      onError: (failure) =>
        toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to save your availability. Please try again.') }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      {bookingEnabled ? null : (
        <p className="rounded-lg border border-border bg-muted/50 p-3 text-sm text-muted-foreground">
          Booking is off: turn it on in Booking Settings for visitors to book these times.
        </p>
      )}
      <Field label="Time zone" error={errors.timeZone} hint="Your hours and dates off are in this time zone.">
        <select
          name="timeZone"
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-base sm:max-w-sm sm:text-sm"
          value={form.timeZone}
          onChange={(event) => change({ timeZone: event.target.value })}
        >
          {timeZones(form.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {NUMBERS.map(({ field, label, unit, hint }) => (
          <Field key={field} label={`${label} (${unit})`} error={errors[field as keyof typeof errors]} hint={hint}>
            <Input
              name={field}
              type="number"
              inputMode="numeric"
              min="0"
              value={form[field] as string}
              onChange={(event) => change({ [field]: event.target.value })}
            />
          </Field>
        ))}
      </div>
      <WeeklyHoursEditor weekly={form.weekly} onChange={(weekly) => change({ weekly })} error={errors.weekly} />
      <DatesOffEditor datesOff={form.datesOff} onChange={(datesOff) => change({ datesOff })} error={errors.datesOff} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save availability'}
        </Button>
      </div>
    </form>
  );
}
