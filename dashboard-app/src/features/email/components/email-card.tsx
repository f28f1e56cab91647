import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ChangeEmailRequest, EmailMessages, Messages } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useChangeEmail, type ChangeEmailValues } from '../api/change-email';
import { isEmailUnverified, type WithEmailStatus } from '../email-status';
import { ResendLinkButton } from './resend-link-button';

type Outcome = { variant: 'success' | 'error'; message: string } | null;

const EMPTY: ChangeEmailValues = { email: '', password: '' };

/** Which field a server message is about, when it is about one. */
const FIELD_OF: Record<string, keyof ChangeEmailValues> = {
  [Messages.invalidEmail]: 'email',
  [Messages.emailTaken]: 'email',
  [EmailMessages.sameAddress]: 'email',
  [EmailMessages.passwordWrong]: 'password',
  [Messages.passwordRequired]: 'password',
};

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">Confirmed</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Not confirmed</span>
  );
}

interface EmailCardProps {
  user: WithEmailStatus;
  /** The address or its state may have changed: the caller fetches the current user again. */
  onEmailChange: () => void;
  className?: string;
}

/** Email: the sign-in address and whether it is confirmed; a new address needs the password and a confirmation. */
export function EmailCard({ user, onEmailChange, className }: EmailCardProps) {
  const change = useChangeEmail();
  const form = useValidatedForm(ChangeEmailRequest, EMPTY);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const unverified = isEmailUnverified(user);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setOutcome(null);
    if (!form.validate()) return;
    change.mutate(
      { email: form.values.email.trim(), password: form.values.password },
      {
        onSuccess: ({ message }) => {
          form.reset(EMPTY);
          setOutcome({ variant: 'success', message });
          onEmailChange();
        },
        onError: (error) => {
          const message = messageOf(error, 'Your email address could not be changed. Please try again.');
          const field = FIELD_OF[message] ?? (error instanceof ApiError && error.status === 409 ? 'email' : undefined);
          if (field) form.showErrors({ [field]: message });
          else setOutcome({ variant: 'error', message });
        },
      },
    );
  };

  return (
    <SettingsCard
      className={className}
      id="account-email"
      icon={Mail}
      title="Email"
      description="Where we send sign-in and payout messages. A new address is confirmed by a link sent to it."
    >
      <div className="flex flex-1 flex-col gap-4">
        <div className="space-y-1">
          <p className="text-sm font-medium">Current address</p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-all" data-testid="current-email">
              {user.email}
            </span>
            <VerifiedBadge verified={!unverified} />
          </p>
        </div>
        {unverified ? <ResendLinkButton /> : null}
        <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
          <Field label="New Email" error={form.errors.email}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          </Field>
          <Field label="Password" error={form.errors.password} hint="Your current password, to confirm it is you.">
            <Input type="password" autoComplete="current-password" {...form.field('password')} />
          </Field>
          {outcome ? <Notice variant={outcome.variant}>{outcome.message}</Notice> : null}
          <div className="mt-auto flex justify-end pt-2">
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              {change.isPending ? 'Changing...' : 'Change email'}
            </Button>
          </div>
        </form>
      </div>
    </SettingsCard>
  );
}
