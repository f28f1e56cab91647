import { Crown, Lock } from 'lucide-react';
import { useId, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { ScheduleMessages } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { ScheduleField } from '../schedule';

/** The two `datetime-local` values, wall time in the creator's zone; '' for no bound. */
export interface ScheduleInputs {
  startsAt: string;
  endsAt: string;
  /**
   * The fields with part of their date or time still missing: the browser reports their value as '', like an empty
   * field, but with `validity.badInput`.
   */
  incomplete: Record<ScheduleField, boolean>;
}

export const NO_SCHEDULE_INPUTS: ScheduleInputs = {
  startsAt: '',
  endsAt: '',
  incomplete: { startsAt: false, endsAt: false },
};

/** The fields holding these two `datetime-local` values, neither half-typed (e.g. a saved schedule). */
export const scheduleInputsOf = (startsAt: string, endsAt: string): ScheduleInputs => ({
  ...NO_SCHEDULE_INPUTS,
  startsAt,
  endsAt,
});

export interface ScheduleErrors {
  startsAt?: string;
  endsAt?: string;
  /** About the schedule as a whole (e.g. the ten-year range). */
  schedule?: string;
}

interface ScheduleFieldsProps {
  values: ScheduleInputs;
  onChange: (values: ScheduleInputs) => void;
  errors?: ScheduleErrors;
  /** Free creators see the fields locked, with a way to Premium. */
  locked: boolean;
  readOnly?: boolean;
  timeZone: string;
}

/** Premium's link schedule: when the link appears and disappears, in the creator's own time zone. */
export function ScheduleFields({
  values,
  onChange,
  errors = {},
  locked,
  readOnly = false,
  timeZone,
}: ScheduleFieldsProps) {
  const zoneId = useId();
  // On input as well as on change: React reports no change while a half-typed field's value stays ''.
  const edit = (name: ScheduleField) => (event: SyntheticEvent<HTMLInputElement>) => {
    const { value, validity } = event.currentTarget;
    onChange({ ...values, [name]: value, incomplete: { ...values.incomplete, [name]: validity.badInput } });
  };
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4" aria-describedby={zoneId}>
      <legend className="px-1 text-sm font-medium">Schedule (optional)</legend>
      <p id={zoneId} className="-mt-1 text-xs text-muted-foreground">
        Times in {timeZone}. Leave both empty to show the link all the time.
      </p>

      {locked ? (
        <div
          data-testid="schedule-locked"
          className="flex flex-col gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{ScheduleMessages.premiumOnly}</span>
          </p>
          <Button asChild size="sm" variant="outline" className="shrink-0">
            <Link to="/subscribe">
              <Crown aria-hidden="true" /> Upgrade to Premium
            </Link>
          </Button>
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Show from" error={errors.startsAt}>
          <Input
            name="startsAt"
            type="datetime-local"
            value={values.startsAt}
            onChange={edit('startsAt')}
            onInput={edit('startsAt')}
            disabled={locked}
            readOnly={readOnly}
          />
        </Field>
        <Field label="Show until" error={errors.endsAt}>
          <Input
            name="endsAt"
            type="datetime-local"
            value={values.endsAt}
            onChange={edit('endsAt')}
            onInput={edit('endsAt')}
            disabled={locked}
            readOnly={readOnly}
          />
        </Field>
      </div>
      {errors.schedule ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.schedule}
        </p>
      ) : null}
    </fieldset>
  );
}
