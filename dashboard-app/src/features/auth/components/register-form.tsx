import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BIO_MAX_LENGTH, RegisterRequest } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { InputWithAddon } from '@/components/ui/input-with-addon';
import { toast } from '@/components/ui/toast-store';
import { useRegister } from '@/features/auth/api/session';
import { messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';

function OptionalLabel({ children }: { children: string }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}

/** The Sign Up tab (spec §2, §5, §8). `initialUsername` comes from the claim box, through ?username=. */
export function RegisterForm({ initialUsername = '' }: { initialUsername?: string }) {
  const register = useRegister();
  const navigate = useNavigate();
  const host = window.location.host;
  const form = useValidatedForm(RegisterRequest, {
    username: initialUsername,
    displayName: '',
    email: '',
    bio: '',
    password: '',
    confirmPassword: '',
  });
  const bioLength = [...form.values.bio].length;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending || !form.validate()) return;
    let username: string;
    try {
      ({ username } = await register.mutateAsync(form.values));
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: messageOf(error, 'Registration failed'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Account created!', description: `Welcome to Linkbio! Your page is live at ${host}/${username}.` });
    void navigate('/dashboard', { replace: true });
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field
        label="Username"
        error={form.errors.username}
        hint="At least 3 characters: lowercase letters, numbers and hyphens."
      >
        <InputWithAddon
          addon={`${host}/`}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="yourname"
          {...form.field('username')}
        />
      </Field>
      <Field label="Display Name" error={form.errors.displayName}>
        <Input autoComplete="name" placeholder="Your Name" {...form.field('displayName')} />
      </Field>
      <Field label="Email" error={form.errors.email}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...form.field('email')}
        />
      </Field>
      <Field
        label={<OptionalLabel>Bio</OptionalLabel>}
        error={form.errors.bio}
        hint={`Shown under your name on your page. ${bioLength}/${BIO_MAX_LENGTH}`}
      >
        <Textarea rows={3} placeholder="Tell visitors about yourself" {...form.field('bio')} />
      </Field>
      <Field label="Password" error={form.errors.password} hint="At least 6 characters.">
        <Input type="password" autoComplete="new-password" {...form.field('password')} />
      </Field>
      <Field label="Confirm Password" error={form.errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account with this email?{' '}
        {/* The e-mail typed so far goes along in the history state, not in the address. */}
        <Link
          to="/forgot-password"
          state={{ email: form.values.email.trim() }}
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      {/* Server pages (/terms, /privacy), so plain links. */}
      <p className="text-center text-xs text-muted-foreground">
        By creating an account, you agree to the{' '}
        <a href="/terms" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          Terms of Service
        </a>{' '}
        and the{' '}
        <a href="/privacy" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          Privacy Policy
        </a>
        .
      </p>
    </form>
  );
}
