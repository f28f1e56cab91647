import { useId, useState, type FormEvent } from 'react';
import { formatCents, OrderMessages, parseDollarsToCents, TIP_LIMITS, type TipSettingsView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PrefixInput } from '@/components/ui/prefix-input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { useSaveTipSettings } from '../api/sales';

/** A preset as typed (dollars) in cents, when it is one the server takes ($1.00 to $1,000.00). */
export function presetCents(typed: string): number | null {
  const cents = parseDollarsToCents(typed.trim());
  return cents !== null && cents >= TIP_LIMITS.minCents && cents <= TIP_LIMITS.maxCents ? cents : null;
}

/** The Support block's settings: tips on or off, the three preset amounts in dollars, an optional message. */
export function TipSettingsForm({ settings }: { settings: TipSettingsView }) {
  const save = useSaveTipSettings();
  const switchId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [presets, setPresets] = useState(settings.presets.map((cents) => formatCents(cents)));
  const [message, setMessage] = useState(settings.message ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = presets.map(presetCents);
    if (cents.some((value) => value === null)) return setError(OrderMessages.tipPresets);
    setError(undefined);
    const next: TipSettingsView = { enabled, presets: cents as [number, number, number], message: message.trim() || null };
    save.mutate(next, {
      onSuccess: () => toast({ title: 'Tip settings saved' }),
      onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: messageOf(failure, 'Failed to save the tip settings. Please try again.') }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Tip settings" className="space-y-4">
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-muted/50 p-4">
        <div className="space-y-1">
          <Label htmlFor={switchId}>Take tips</Label>
          <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
            Visitors see a “Support me” block with these amounts and one of their own.
          </p>
        </div>
        <Switch id={switchId} checked={enabled} onCheckedChange={setEnabled} aria-describedby={`${switchId}-hint`} />
      </div>
      <Field label="Preset amounts" error={error} hint="Three amounts in US dollars, from $1.00 to $1,000.00. Supporters also pay a 20% platform fee.">
        <div className="grid grid-cols-3 gap-2">
          {presets.map((value, index) => (
            <PrefixInput
              key={index}
              prefix="$"
              aria-label={`Preset ${index + 1}`}
              type="number"
              min="1"
              step="0.01"
              inputMode="decimal"
              value={value}
              onChange={(event) => setPresets((current) => current.map((v, i) => (i === index ? event.target.value : v)))}
            />
          ))}
        </div>
      </Field>
      <Field label="Message (optional)" hint="Shown above the amounts, at most 200 characters.">
        <Textarea name="tipMessage" maxLength={200} rows={2} value={message} onChange={(event) => setMessage(event.target.value)} />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save tip settings'}
      </Button>
    </form>
  );
}
