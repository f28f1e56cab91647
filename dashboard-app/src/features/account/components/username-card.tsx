import { AtSign, ExternalLink } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import {
  AccountMessages,
  ChangeUsernameRequest,
  OLD_USERNAME_HELD_DAYS,
  type UserView,
} from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { InputWithAddon } from '@/components/ui/input-with-addon';
import { Notice } from '@/components/ui/notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useChangeUsername } from '../api/change-username';
import { ConfirmUsernameDialog } from './confirm-username-dialog';

interface UsernameCardProps {
  user: UserView;
  /** The renamed user: store it as the current user, and refresh what shows the address (the QR code). */
  onUserChange: (user: UserView) => void;
  className?: string;
}

type Outcome = { kind: 'changed'; message: string } | { kind: 'failed'; message: string } | null;

/** The answers that are about the name itself are shown under the field; the rest above the button. */
const isAboutTheName = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 409);

/** Username: the page's address, renamed after a confirmation; the old address forwards for a while. */
export function UsernameCard({ user, onUserChange, className }: UsernameCardProps) {
  const rename = useChangeUsername(onUserChange);
  const form = useValidatedForm(ChangeUsernameRequest, { username: user.username });
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const host = window.location.host;
  const next = form.values.username;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    setOutcome(null);
    if (!form.validate()) return;
    if (next === user.username) {
      form.showErrors({ username: AccountMessages.usernameUnchanged });
      return;
    }
    returnFocus.current = form.formRef.current?.querySelector('button[type="submit"]') ?? null;
    setConfirming(true);
  };

  const confirm = () =>
    rename.mutate(next, {
      onSuccess: ({ user: saved, message }) => {
        setConfirming(false);
        form.reset({ username: saved.username });
        setOutcome({ kind: 'changed', message: message || AccountMessages.usernameChanged(saved.username) });
      },
      onError: (error) => {
        setConfirming(false);
        const message = messageOf(error, 'Your username could not be changed. Please try again.');
        if (isAboutTheName(error)) {
          returnFocus.current = form.formRef.current?.querySelector('input[name="username"]') ?? null;
          form.showErrors({ username: message });
        } else setOutcome({ kind: 'failed', message });
      },
    });

  return (
    <SettingsCard
      className={className}
      id="account-username"
      icon={AtSign}
      title="Username"
      description={`Your page's address. After a change, the old address forwards to the new one for ${OLD_USERNAME_HELD_DAYS} days.`}
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
        <div className="space-y-1 text-sm">
          <p className="font-medium">Your page is at</p>
          <a
            href={`/${user.username}`}
            target="_blank"
            rel="noopener"
            className="inline-flex max-w-full items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <span className="break-all" data-testid="current-address">
              {host}/{user.username}
            </span>
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <Field
          label="New Username"
          error={form.errors.username}
          hint="At least 3 characters: lowercase letters, numbers and hyphens."
        >
          <InputWithAddon
            addon={`${host}/`}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...form.field('username')}
          />
        </Field>
        {outcome?.kind === 'changed' ? <Notice variant="success">{outcome.message}</Notice> : null}
        {outcome?.kind === 'failed' ? <Notice variant="error">{outcome.message}</Notice> : null}
        <div className="mt-auto flex justify-end pt-2">
          <Button type="submit" disabled={rename.isPending} className="w-full sm:w-auto">
            {rename.isPending ? 'Changing...' : 'Change username'}
          </Button>
        </div>
      </form>
      <ConfirmUsernameDialog
        open={confirming}
        onOpenChange={setConfirming}
        host={host}
        from={user.username}
        to={next}
        pending={rename.isPending}
        onConfirm={confirm}
        returnFocusTo={returnFocus}
      />
    </SettingsCard>
  );
}
