import { useState, type FormEvent, type RefObject } from 'react';
import { CreateLinkRequest, withDefaultScheme } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { UpgradeNotice } from '@/components/upgrade-notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { validateWith, type FieldErrors } from '@/lib/validate';
import { useCreateLink } from '../api/create-link';
import {
  boundsFromInputs,
  creatorTimeZone,
  incompleteErrorsOf,
  scheduleErrorFromServer,
  scheduleErrorsOf,
} from '../schedule';
import { NO_SCHEDULE_INPUTS, ScheduleFields, type ScheduleErrors } from './schedule-fields';

interface AddLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refreshes what depends on the links (the analytics) after one is added. */
  onChanged?: () => Promise<unknown>;
  /** Scheduling is Premium's: free creators see it locked. */
  isPremium?: boolean;
  /** Where focus goes back when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const EMPTY = { title: '', url: '' };

/** The 'Add New Link' dialog (spec §2, §4, §5), with Premium's optional schedule. */
export function AddLinkDialog({ open, onOpenChange, onChanged, isPremium = false, returnFocusTo }: AddLinkDialogProps) {
  const create = useCreateLink(onChanged);
  const [values, setValues] = useState(EMPTY);
  const [schedule, setSchedule] = useState(NO_SCHEDULE_INPUTS);
  const [errors, setErrors] = useState<FieldErrors<CreateLinkRequest>>({});
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({});
  const timeZone = creatorTimeZone();
  /** The free plan's limit message, shown with a way to Premium (403 on the sixth link). */
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const saving = create.isPending;

  const reset = () => {
    setValues(EMPTY);
    setSchedule(NO_SCHEDULE_INPUTS);
    setErrors({});
    setScheduleErrors({});
    setLimitMessage(null);
    create.reset();
  };

  const changeOpen = (next: boolean) => {
    if (saving) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { title: values.title, url: values.url, order: 0 };
    const found = validateWith(CreateLinkRequest, body);
    const bounds = isPremium ? boundsFromInputs(schedule, timeZone) : { startsAt: null, endsAt: null };
    // A half-typed time reads '' like no bound: say so rather than send the link without it.
    const foundInSchedule = isPremium
      ? { ...scheduleErrorsOf(bounds), ...incompleteErrorsOf(schedule.incomplete) }
      : scheduleErrorsOf(bounds);
    setErrors(found);
    setScheduleErrors(foundInSchedule);
    const firstInvalid =
      (['title', 'url'] as const).find((name) => found[name]) ??
      (['startsAt', 'endsAt'] as const).find((name) => foundInSchedule[name]);
    if (firstInvalid) event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    if (Object.keys(found).length > 0 || Object.keys(foundInSchedule).length > 0) return;
    setLimitMessage(null);
    create.mutate(
      {
        title: values.title.trim(),
        url: values.url.trim(),
        ...(bounds.startsAt ? { startsAt: bounds.startsAt } : {}),
        ...(bounds.endsAt ? { endsAt: bounds.endsAt } : {}),
      },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
          toast({ title: 'Link added!', description: 'Your new link has been added successfully.' });
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to add link');
          if (error instanceof ApiError && error.status === 403) setLimitMessage(message);
          if (error instanceof ApiError && error.status === 400)
            setScheduleErrors(scheduleErrorFromServer(message) ?? {});
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Add New Link</DialogTitle>
          <DialogDescription>New links appear at the top of your page. Drag them to reorder.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field label="Link Title" error={errors.title}>
            <Input
              name="title"
              placeholder="My Instagram"
              autoComplete="off"
              value={values.title}
              onChange={(event) => setValues((current) => ({ ...current, title: event.target.value }))}
              readOnly={saving}
            />
          </Field>
          <Field label="URL" error={errors.url}>
            <Input
              name="url"
              type="url"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://instagram.com/yourname"
              value={values.url}
              onChange={(event) => setValues((current) => ({ ...current, url: withDefaultScheme(event.target.value) }))}
              readOnly={saving}
            />
          </Field>

          <ScheduleFields
            values={schedule}
            onChange={setSchedule}
            errors={scheduleErrors}
            locked={!isPremium}
            readOnly={saving}
            timeZone={timeZone}
          />

          {limitMessage ? <UpgradeNotice message={limitMessage} /> : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Adding...' : 'Add Link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
