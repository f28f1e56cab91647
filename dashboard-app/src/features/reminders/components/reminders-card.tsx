import { BellRing, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { REMINDER_KINDS, ReminderMessages, type ReminderKind, type ReminderSettingsView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useReminders, useSaveReminders } from '../api/reminders';

/** Whom each switch is about, for the two groups. */
const GROUPS: Array<{ legend: string; kinds: ReminderKind[] }> = [
  { legend: 'Your visitors', kinds: ['visitor24h', 'visitor1h'] },
  { legend: 'You', kinds: ['creator24h', 'creator1h'] },
];

/**
 * Reminders (next to Availability): the e-mails sent 24 hours and 1 hour before each session booked at a set
 * time, to the visitor and to the creator, each switched on or off and saved together. Already booked sessions
 * follow the switches as they are when a reminder is due.
 */
export function RemindersCard({ className }: { className?: string }) {
  const reminders = useReminders();
  return (
    <SettingsCard className={className} id="reminders" icon={BellRing} title={ReminderMessages.title} description={ReminderMessages.description}>
      {reminders.isPending ? (
        <div role="status" aria-label={ReminderMessages.loading} className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : reminders.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            {messageOf(reminders.error, ReminderMessages.loadFailed)}
          </p>
          <Button type="button" variant="outline" onClick={() => void reminders.refetch()}>
            <RotateCw aria-hidden="true" />
            {ReminderMessages.retry}
          </Button>
        </div>
      ) : (
        <RemindersForm saved={reminders.data} />
      )}
    </SettingsCard>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettingsView }) {
  const save = useSaveReminders();
  const [form, setForm] = useState<ReminderSettingsView>(saved);
  const [error, setError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const changed = REMINDER_KINDS.some((kind) => form[kind] !== saved[kind]);

  const toggle = (kind: ReminderKind, on: boolean) => {
    setForm((current) => ({ ...current, [kind]: on }));
    setJustSaved(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    save.mutate(form, {
      onSuccess: (stored) => {
        setForm(stored);
        setJustSaved(true);
        toast({ title: ReminderMessages.saved });
      },
      onError: (failure) => setError(messageOf(failure, ReminderMessages.saveFailed)),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={ReminderMessages.title} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {GROUPS.map(({ legend, kinds }) => (
          <fieldset key={legend} className="space-y-3 rounded-lg border border-border bg-muted/50 p-4">
            <legend className="px-1 text-sm font-medium">{legend}</legend>
            {kinds.map((kind) => (
              <div key={kind} className="flex items-center justify-between gap-4">
                <Label htmlFor={`reminder-${kind}`} className="font-normal">
                  {ReminderMessages.labels[kind]}
                </Label>
                <Switch id={`reminder-${kind}`} checked={form[kind]} onCheckedChange={(on) => toggle(kind, on)} disabled={save.isPending} />
              </div>
            ))}
          </fieldset>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p role="status" className="text-sm text-muted-foreground">
          {justSaved && !changed ? ReminderMessages.saved : ''}
        </p>
        <Button type="submit" disabled={save.isPending || !changed} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save reminders'}
        </Button>
      </div>
    </form>
  );
}
