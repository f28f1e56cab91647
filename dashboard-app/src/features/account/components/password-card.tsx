import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AccountMessages, ChangePasswordRequest, Messages } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useChangePassword, type ChangePasswordValues } from '../api/change-password';

type Outcome = { kind: 'changed' } | { kind: 'failed'; message: string } | null;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Which field a server message is about, when it is about one. */
const FIELD_OF: Record<string, keyof ChangePasswordValues> = {
  [AccountMessages.currentPasswordRequired]: 'currentPassword',
  [AccountMessages.currentPasswordWrong]: 'currentPassword',
  [AccountMessages.newPasswordSame]: 'newPassword',
  [Messages.passwordTooShort]: 'newPassword',
  [Messages.passwordTooLong]: 'newPassword',
  [Messages.passwordsDontMatch]: 'confirmPassword',
};

/** Password: the current one, then the new one twice; every other device is signed out on success. */
export function PasswordCard({
  email,
  className,
}: {
  /** The sign-in e-mail, for password managers. */ email: string;
  className?: string;
}) {
  const change = useChangePassword();
  const form = useValidatedForm(ChangePasswordRequest, EMPTY);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setOutcome(null);
    if (!form.validate()) return;
    change.mutate(form.values, {
      onSuccess: () => {
        form.reset(EMPTY);
        setOutcome({ kind: 'changed' });
      },
      onError: (error) => {
        const message = messageOf(error, 'Your password could not be changed. Please try again.');
        const field = FIELD_OF[message];
        if (field) form.showErrors({ [field]: message });
        else setOutcome({ kind: 'failed', message });
      },
    });
  };

  return (
    <SettingsCard
      className={className}
      id="account-password"
      icon={KeyRound}
      title="Password"
      description="Changing it signs you out on every other device."
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
        {/* Lets password managers tie the new password to the account they sign in with. */}
        <input type="email" name="email" autoComplete="username" hidden readOnly value={email} />
        <Field label="Current Password" error={form.errors.currentPassword}>
          <Input type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        </Field>
        <Field label="New Password" error={form.errors.newPassword} hint="At least 6 characters.">
          <Input type="password" autoComplete="new-password" {...form.field('newPassword')} />
        </Field>
        <Field label="Confirm New Password" error={form.errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        </Field>
        {outcome?.kind === 'changed' ? <Notice variant="success">{AccountMessages.passwordChanged}</Notice> : null}
        {outcome?.kind === 'failed' ? <Notice variant="error">{outcome.message}</Notice> : null}
        <div className="mt-auto flex justify-end pt-2">
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
