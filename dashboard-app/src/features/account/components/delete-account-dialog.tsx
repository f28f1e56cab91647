import { useState, type FormEvent, type RefObject } from 'react';
import { DeletionMessages, formatCents, Messages, type DeletionPreview } from '@linkbio/shared-contracts';
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
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

const PASSWORD_MESSAGES = new Set<string>([DeletionMessages.passwordWrong, Messages.passwordRequired]);

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preview: DeletionPreview;
  onDeleted: (message: string) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The last step before deleting: the password, and, with earnings not yet paid out, a box to tick that says
 * they are given up. A refusal (409: new earnings meanwhile) shows the server's words and ticks nothing.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  preview,
  onDeleted,
  returnFocusTo,
}: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const unpaid = preview.unpaidCents > 0;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setPassword('');
      setAcknowledged(false);
      setPasswordError(undefined);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    setFailure(null);
    setPasswordError(undefined);
    if (!password) {
      setPasswordError(Messages.passwordRequired);
      return;
    }
    remove.mutate(acknowledged ? { password, acknowledgeUnpaidEarnings: true } : { password }, {
      onSuccess: ({ message }) => onDeleted(message || DeletionMessages.deleted),
      onError: (error) => {
        const message = messageOf(error, 'Your account could not be deleted. Please try again.');
        if (PASSWORD_MESSAGES.has(message)) setPasswordError(message);
        else setFailure(message);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>This cannot be undone. Enter your password to confirm.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Password" error={passwordError}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
            />
          </Field>
          {unpaid ? (
            <label className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <input
                type="checkbox"
                checked={acknowledged}
                onChange={(event) => setAcknowledged(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-red-700"
              />
              <span>I understand that I give up ${formatCents(preview.unpaidCents)} in earnings not yet paid out.</span>
            </label>
          ) : null}
          {failure ? <Notice variant="error">{failure}</Notice> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
