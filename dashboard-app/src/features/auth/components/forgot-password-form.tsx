import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AccountMessages, PasswordResetRequest } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { ApiError, messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';

/** Answers that say the request was not taken (too many, or try again shortly); every other answer is the same. */
const NOT_TAKEN = new Set([429, 503]);

const UNREACHABLE = 'We could not reach Linkbio. Check your connection and try again.';

/**
 * The e-mail address to send a reset link to. Whatever the server answers, the person reads the same words (no one
 * learns whether an account uses the address), except when the request was not taken at all.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const request = useRequestPasswordReset();
  const form = useValidatedForm(PasswordResetRequest, { email: initialEmail });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    setFailure(null);
    if (!form.validate()) return;
    request.mutate(form.values.email.trim(), {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (!(error instanceof ApiError)) setFailure(UNREACHABLE);
        else if (NOT_TAKEN.has(error.status)) setFailure(messageOf(error, 'Please try again in a moment.'));
        else setSent(true);
      },
    });
  };

  if (sent) {
    return (
      <div className="space-y-4">
        <Notice variant="success">{AccountMessages.resetRequested}</Notice>
        <p className="text-sm text-muted-foreground">
          Nothing arrived after a few minutes? Check your spam folder, or{' '}
          <button
            type="button"
            onClick={() => setSent(false)}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            try again
          </button>
          .
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/auth">Back to Sign In</Link>
        </Button>
      </div>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field label="Email" error={form.errors.email}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...form.field('email')}
        />
      </Field>
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/auth" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
