import { useState, type FormEvent, type RefObject } from 'react';
import { CreateLinkRequest, LINK_BLOCK_KINDS, type LinkBlockKind } from '@linkbio/shared-contracts';
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
import { validateWith, type FieldErrors } from '@/lib/validate';
import { useCreateLink } from '../api/create-link';
import {
  boundsFromInputs,
  creatorTimeZone,
  incompleteErrorsOf,
  scheduleErrorFromServer,
  scheduleErrorsOf,
} from '../schedule';
import { BLOCK_FIELDS } from './block-fields';
import { BlockInputs } from './block-inputs';
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
  const [kind, setKind] = useState<LinkBlockKind>('link');
  const fields = BLOCK_FIELDS[kind];
  const [values, setValues] = useState(EMPTY);
  const [schedule, setSchedule] = useState(NO_SCHEDULE_INPUTS);
  const [errors, setErrors] = useState<FieldErrors<CreateLinkRequest>>({});
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({});
  const timeZone = creatorTimeZone();
  /** The free plan's limit message, shown with a way to Premium (403 on the sixth link). */
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const saving = create.isPending;

  const reset = () => {
    setKind('link');
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
    const title = values.title.trim();
    const body = {
      kind,
      ...(kind === 'embed' && title === '' ? {} : { title: values.title }),
      ...(fields.url ? { url: values.url } : {}),
      order: 0,
    };
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
        kind,
        ...(kind === 'embed' && title === '' ? {} : { title }),
        ...(fields.url ? { url: values.url.trim() } : {}),
        ...(bounds.startsAt ? { startsAt: bounds.startsAt } : {}),
        ...(bounds.endsAt ? { endsAt: bounds.endsAt } : {}),
      },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
          toast(
            kind === 'link'
              ? { title: 'Link added!', description: 'Your new link has been added successfully.' }
              : { title: `${fields.name} added!`, description: `Your new ${fields.name.toLowerCase()} is on your page.` },
          );
        },
        onError: (error) => {
          const message = messageOf(error, 'Failed to add link');
          if (error instanceof ApiError && error.status === 403) setLimitMessage(message);
          if (error instanceof ApiError && error.status === 400) {
            const onSchedule = scheduleErrorFromServer(message);
            setScheduleErrors(onSchedule ?? {});
            if (!onSchedule && fields.url && /URL|Embeds/.test(message)) setErrors({ url: message });
          }
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
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Type</legend>
            <div className="grid grid-cols-3 gap-2" data-testid="block-kinds">
              {LINK_BLOCK_KINDS.map((option) => (
                <label
                  key={option}
                  className="flex min-w-0 cursor-pointer flex-col items-center gap-0.5 rounded-lg border border-input px-2 py-2 text-center text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={option}
                    checked={kind === option}
                    onChange={() => {
                      setKind(option);
                      setErrors({});
                    }}
                    disabled={saving}
                    className="sr-only"
                  />
                  {BLOCK_FIELDS[option].name}
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{fields.hint}</p>
          </fieldset>
          <BlockInputs
            fields={fields}
            values={values}
            setValues={setValues}
            errors={errors}
            saving={saving}
            titlePlaceholder={fields.titlePlaceholder}
          />

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
              {saving ? 'Adding...' : `Add ${fields.name}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
