import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccountMessages, ConfirmPasswordResetRequest, Messages } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useConfirmPasswordReset } from '@/features/auth/api/confirm-password-reset';
import { ApiError, messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';

type Values = { password: string; confirmPassword: string };

type Outcome =
  { kind: 'reset' } | { kind: 'link-refused'; message: string } | { kind: 'failed'; message: string } | null;

/** Which field a server message is about, when it is about one. */
const FIELD_OF: Record<string, keyof Values> = {
  [Messages.passwordTooShort]: 'password',
  [Messages.passwordTooLong]: 'password',
  [Messages.passwordsDontMatch]: 'confirmPassword',
};

/** Too many tries, the service away, or no answer at all: the link may still be good, so the form stays. */
const isPassing = (error: unknown) => !(error instanceof ApiError) || error.status === 429 || error.status >= 500;

/** A link to ask for a new reset e-mail. */
export function AskForNewLink() {
  return (
    <Link to="/forgot-password" className="rounded-sm font-medium underline underline-offset-4">
      Ask for a new link
    </Link>
  );
}

/** The new password, twice, for the reset link's `token` (already taken from the address). */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const form = useValidatedForm(ConfirmPasswordResetRequest, { password: '', confirmPassword: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setOutcome(null);
    if (!form.validate()) return;
    confirm.mutate(
      { token, ...form.values },
      {
        onSuccess: () => setOutcome({ kind: 'reset' }),
        onError: (error) => {
          const message = messageOf(
            error,
            isPassing(error)
              ? 'Your password could not be reset. Please try again.'
              : AccountMessages.resetTokenInvalid,
          );
          const field = FIELD_OF[message];
          if (field) form.showErrors({ [field]: message });
          else setOutcome({ kind: isPassing(error) ? 'failed' : 'link-refused', message });
        },
      },
    );
  };

  if (outcome?.kind === 'reset') {
    return (
      <div className="space-y-4">
        <Notice variant="success">{AccountMessages.passwordReset}</Notice>
        <Button asChild size="lg" className="w-full">
          <Link to="/auth">Go to Sign In</Link>
        </Button>
      </div>
    );
  }

  if (outcome?.kind === 'link-refused') {
    return (
      <Notice variant="error">
        <p>{outcome.message}</p>
        <p>
          <AskForNewLink />
        </p>
      </Notice>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field label="New Password" error={form.errors.password} hint="At least 6 characters.">
        <Input type="password" autoComplete="new-password" {...form.field('password')} />
      </Field>
      <Field label="Confirm New Password" error={form.errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      </Field>
      {outcome?.kind === 'failed' ? <Notice variant="error">{outcome.message}</Notice> : null}
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? 'Resetting...' : 'Reset password'}
      </Button>
    </form>
  );
}
