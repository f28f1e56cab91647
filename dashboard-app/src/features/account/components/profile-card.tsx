import { UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AccountMessages, BIO_MAX_LENGTH, UpdateProfileRequest, type UserView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

/** Profile: display name and bio, checked with the sign-up rules and messages, saved together. */
export function ProfileCard({ user, onUserChange, className }: ProfileCardProps) {
  const save = useUpdateProfile(onUserChange);
  const form = useValidatedForm(UpdateProfileRequest, { displayName: user.displayName, bio: user.bio ?? '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const bioLength = [...form.values.bio].length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    if (!form.validate()) return;
    save.mutate(
      { displayName: form.values.displayName.trim(), bio: form.values.bio.trim() },
      {
        onSuccess: ({ user: saved }) => {
          form.reset({ displayName: saved.displayName, bio: saved.bio ?? '' });
          setOutcome({ kind: 'saved' });
        },
        onError: (error) =>
          setOutcome({
            kind: 'failed',
            message: messageOf(error, 'Your profile could not be saved. Please try again.'),
          }),
      },
    );
  };

  return (
    <SettingsCard
      className={className}
      id="account-profile"
      icon={UserRound}
      title="Profile"
      description="Your name and bio, as visitors see them on your page."
    >
      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
        <Field label="Display Name" error={form.errors.displayName}>
          <Input autoComplete="name" placeholder="Your Name" {...form.field('displayName')} />
        </Field>
        <div className="space-y-1">
          <Field
            label={
              <>
                Bio <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
            error={form.errors.bio}
            hint="Shown under your name on your page."
          >
            <Textarea rows={3} placeholder="Tell visitors about yourself" {...form.field('bio')} />
          </Field>
          <p
            data-testid="bio-counter"
            className={cn(
              'text-right text-xs tabular-nums',
              bioLength > BIO_MAX_LENGTH ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            <span className="sr-only">Characters used: </span>
            {bioLength}/{BIO_MAX_LENGTH}
          </p>
        </div>
        {outcome?.kind === 'saved' ? <Notice variant="success">{AccountMessages.profileSaved}</Notice> : null}
        {outcome?.kind === 'failed' ? <Notice variant="error">{outcome.message}</Notice> : null}
        <div className="mt-auto flex justify-end pt-2">
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
