import { Crown } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import {
  CreateSupportRequest,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '@linkbio/shared-contracts';
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
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { validateWith, type FieldErrors } from '@/lib/validate';
import { useCreateSupportRequest } from '../api/create-support-request';

interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Premium creators' requests are priority (a reply within one business day). */
  isPremium: boolean;
  /**
   * What opened the dialog (the avatar menu's button), to get the focus back on closing: the dialog opens from a
   * menu item, not a trigger of its own, so Radix has nowhere to return the focus to.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export const PREMIUM_SUPPORT_NOTE = 'Premium: priority support — we reply within one business day';
export const FREE_SUPPORT_NOTE = 'We reply within three business days';

const EMPTY = { subject: '', message: '' };

/** Characters as the server counts them (code points, like PostgreSQL). */
const charsOf = (text: string) => [...text.trim()].length;

function Counter({ value, max }: { value: string; max: number }) {
  const used = charsOf(value);
  return (
    <span className={cn(used > max && 'font-medium text-destructive')}>
      {used.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters
    </span>
  );
}

/** 'Help' in the avatar menu: a subject and a message to the support team, e-mailed back to the creator. */
export function SupportDialog({ open, onOpenChange, isPremium, returnFocusTo }: SupportDialogProps) {
  const send = useCreateSupportRequest();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<CreateSupportRequest>>({});
  const sending = send.isPending;

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    send.reset();
  };

  const changeOpen = (next: boolean) => {
    if (sending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const edit = (name: keyof typeof EMPTY) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateWith(CreateSupportRequest, values);
    setErrors(found);
    const firstInvalid = (['subject', 'message'] as const).find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    send.mutate(
      { subject: values.subject.trim(), message: values.message.trim() },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
          toast({ title: 'Request sent', description: "We've e-mailed you a copy." });
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: messageOf(error, 'Failed to send your request. Please try again.'),
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>How can we help?</DialogTitle>
          <DialogDescription>
            Tell us what is going on. We&apos;ll answer by e-mail and send you a copy of your request.
          </DialogDescription>
        </DialogHeader>
        <p
          className={cn(
            'flex items-center gap-2 rounded-lg border p-3 text-sm',
            isPremium ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-border bg-muted text-muted-foreground',
          )}
        >
          {isPremium ? <Crown aria-hidden="true" className="size-4 shrink-0" /> : null}
          {isPremium ? PREMIUM_SUPPORT_NOTE : FREE_SUPPORT_NOTE}
        </p>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={sending}>
          <Field
            label="Subject"
            error={errors.subject}
            hint={<Counter value={values.subject} max={SUPPORT_SUBJECT_MAX_LENGTH} />}
          >
            <Input
              name="subject"
              autoComplete="off"
              placeholder="What do you need help with?"
              value={values.subject}
              onChange={edit('subject')}
              readOnly={sending}
            />
          </Field>
          <Field
            label="Message"
            error={errors.message}
            hint={<Counter value={values.message} max={SUPPORT_MESSAGE_MAX_LENGTH} />}
          >
            <Textarea
              name="message"
              rows={6}
              placeholder="Describe the problem, and what you have tried."
              value={values.message}
              onChange={edit('message')}
              readOnly={sending}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Send Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
