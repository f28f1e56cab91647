import { useState, type FormEvent, type RefObject } from 'react';
import type { LinkView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { UpgradeNotice } from '@/components/upgrade-notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { useUpdateLinkSchedule, type LinkScheduleChange } from '../api/update-link';
import {
  boundsFromInputs,
  hasSchedule,
  incompleteErrorsOf,
  localInputFromInstant,
  scheduleErrorFromServer,
  scheduleErrorsOf,
  type ScheduleBounds,
} from '../schedule';
import { ScheduleFields, scheduleInputsOf, type ScheduleErrors } from './schedule-fields';

interface ScheduleLinkDialogProps {
  link: LinkView;
  isPremium: boolean;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged?: () => Promise<unknown>;
  /**
   * What opened the dialog (the row's Schedule button), to get the focus back on closing: the dialog opens from
   * `open`, not a trigger of its own, so Radix has nowhere to return the focus to.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A row's 'Schedule' dialog: set when the link appears and disappears (Premium), or clear the schedule (anyone). */
export function ScheduleLinkDialog({
  link,
  isPremium,
  timeZone,
  open,
  onOpenChange,
  onChanged,
  returnFocusTo,
}: ScheduleLinkDialogProps) {
  const update = useUpdateLinkSchedule(onChanged);
  const changeOpen = (next: boolean) => {
    if (update.isPending) return;
    if (!next) update.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Schedule “{link.title}”</DialogTitle>
          <DialogDescription>Choose when this link appears on your page and when it disappears.</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so every opening starts from the saved schedule. */}
        <ScheduleForm
          link={link}
          isPremium={isPremium}
          timeZone={timeZone}
          saving={update.isPending}
          save={(change, done) => update.mutate(change, done)}
          close={() => changeOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface ScheduleFormProps {
  link: LinkView;
  isPremium: boolean;
  timeZone: string;
  saving: boolean;
  save: (change: LinkScheduleChange, done: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  close: () => void;
}

function ScheduleForm({ link, isPremium, timeZone, saving, save, close }: ScheduleFormProps) {
  const [values, setValues] = useState(() =>
    scheduleInputsOf(localInputFromInstant(link.startsAt, timeZone), localInputFromInstant(link.endsAt, timeZone)),
  );
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [premiumMessage, setPremiumMessage] = useState<string | null>(null);
  const saved = hasSchedule(link);

  const send = (bounds: ScheduleBounds, confirmation: string) => {
    setPremiumMessage(null);
    save(
      { id: link.id, ...bounds },
      {
        onSuccess: () => {
          close();
          toast({ title: confirmation });
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to save the schedule');
          if (error instanceof ApiError && error.status === 403) setPremiumMessage(message);
          const inForm = error instanceof ApiError && error.status === 400 ? scheduleErrorFromServer(message) : null;
          if (inForm) setErrors(inForm);
          else toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bounds = boundsFromInputs(values, timeZone);
    // A half-typed time reads '' like no bound: say so rather than drop the bound.
    const found = { ...scheduleErrorsOf(bounds), ...incompleteErrorsOf(values.incomplete) };
    setErrors(found);
    const firstInvalid = (['startsAt', 'endsAt'] as const).find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    send(bounds, bounds.startsAt || bounds.endsAt ? 'Schedule saved' : 'Schedule cleared');
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <ScheduleFields
        values={values}
        onChange={setValues}
        errors={errors}
        locked={!isPremium}
        readOnly={saving}
        timeZone={timeZone}
      />
      {!isPremium && saved ? (
        <p className="text-sm text-muted-foreground">
          Your saved schedule is kept for when you return to Premium. Until then the link shows all the time; you can
          clear the schedule.
        </p>
      ) : null}
      {premiumMessage ? <UpgradeNotice message={premiumMessage} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close} disabled={saving}>
          Cancel
        </Button>
        {saved ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => send({ startsAt: null, endsAt: null }, 'Schedule cleared')}
            disabled={saving}
          >
            Clear schedule
          </Button>
        ) : null}
        {isPremium ? (
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save schedule'}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
