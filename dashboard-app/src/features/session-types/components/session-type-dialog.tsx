import { useState, type FormEvent } from 'react';
import { MEETING_ADDRESS_MAX, MEETING_URL_MAX, PLATFORM_FEE_PERCENT, SESSION_TYPE_DESCRIPTION_MAX, SESSION_TYPE_NAME_MAX, type SessionTypeView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { PrefixInput } from '@/components/ui/prefix-input';
import { messageOf } from '@/lib/api-client';
import { createSessionType, updateSessionType } from '../api/session-types';
import { check, inputOf, PLACE_LABELS, valuesOf, type PlaceChoice, type SessionTypeErrors, type SessionTypeValues } from '../session-type-form';
import { IntakeQuestionsEditor } from './intake-questions-editor';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface SessionTypeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The type being edited; absent: a new one. */
  type?: SessionTypeView;
  onSaved: (type: SessionTypeView) => void;
}

/** Add or edit a session type: name, length, price, description, where to meet and the questions at booking. */
export function SessionTypeDialog({ open, onOpenChange, type, onSaved }: SessionTypeDialogProps) {
  const [values, setValues] = useState<SessionTypeValues>(() => valuesOf(type));
  const [errors, setErrors] = useState<SessionTypeErrors & { form?: string }>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof SessionTypeValues>(key: K, value: SessionTypeValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const input = inputOf(values);
      const saved = type ? await updateSessionType(type.id, input) : await createSessionType(input);
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      setErrors({ form: messageOf(error, 'The session type could not be saved. Try again.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{type ? 'Edit Session Type' : 'Add Session Type'}</DialogTitle>
          <DialogDescription>A kind of session visitors can book, with its own length and price.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Name" error={errors.name}>
            <Input value={values.name} maxLength={SESSION_TYPE_NAME_MAX} placeholder="Intro call" onChange={(event) => set('name', event.target.value)} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Length (minutes)" error={errors.minutes} hint="15 to 240.">
              <Input type="number" inputMode="numeric" min={15} max={240} step={5} value={values.minutes} onChange={(event) => set('minutes', event.target.value)} />
            </Field>
            <Field label="Price" error={errors.price} hint={`US dollars. Visitors also pay the ${PLATFORM_FEE_PERCENT}% platform fee.`}>
              <PrefixInput prefix="$" inputMode="decimal" placeholder="25.00" value={values.price} onChange={(event) => set('price', event.target.value)} />
            </Field>
          </div>
          <Field label="Description" hint="Optional. Plain text; line breaks are kept.">
            <Textarea rows={3} maxLength={SESSION_TYPE_DESCRIPTION_MAX} value={values.description} onChange={(event) => set('description', event.target.value)} />
          </Field>
          <Field label="Where to meet" hint="Visitors see only the kind before paying; the link or address comes with their confirmation.">
            <select className={selectClass} value={values.place} onChange={(event) => set('place', event.target.value as PlaceChoice)}>
              {(Object.keys(PLACE_LABELS) as PlaceChoice[]).map((place) => (
                <option key={place} value={place}>
                  {PLACE_LABELS[place]}
                </option>
              ))}
            </select>
          </Field>
          {values.place === 'video' ? (
            <Field label="Video link" error={errors.url}>
              <Input type="url" placeholder="https://" maxLength={MEETING_URL_MAX} value={values.url} onChange={(event) => set('url', event.target.value)} />
            </Field>
          ) : null}
          {values.place === 'in_person' ? (
            <Field label="Address" error={errors.address}>
              <Textarea rows={2} maxLength={MEETING_ADDRESS_MAX} value={values.address} onChange={(event) => set('address', event.target.value)} />
            </Field>
          ) : null}
          <IntakeQuestionsEditor questions={values.questions} onChange={(questions) => set('questions', questions)} error={errors.questions} />
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : type ? 'Save' : 'Add Session Type'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
