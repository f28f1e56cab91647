import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoginRequest } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { needsSecondStep, useLogin } from '@/features/auth/api/session';
import { messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { TwoFactorStep } from './two-factor-step';

/**
 * The Sign In tab (spec §2, §5, §8), with the way to reset a forgotten password. With two-factor sign-in on, the
 * password is followed by the code step; either way a creator ends up welcomed on the dashboard.
 */
export function LoginForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const form = useValidatedForm(LoginRequest, { email: '', password: '' });
  const [secondStep, setSecondStep] = useState(false);

  const signedIn = () => {
    toast({ title: 'Welcome back!', description: 'You have been logged in successfully.' });
    void navigate('/dashboard', { replace: true });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || !form.validate()) return;
    let answer;
    try {
      answer = await login.mutateAsync(form.values);
    } catch (error) {
      toast({ title: 'Login failed', description: messageOf(error, 'Login failed'), variant: 'destructive' });
      return;
    }
    if (needsSecondStep(answer)) setSecondStep(true);
    else signedIn();
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onBack={() => {
          setSecondStep(false);
          form.reset({ email: form.values.email, password: '' });
        }}
      />
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field label="Email" error={form.errors.email}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...form.field('email')}
        />
      </Field>
      <Field label="Password" error={form.errors.password}>
        <Input type="password" autoComplete="current-password" {...form.field('password')} />
      </Field>
      <div className="flex justify-end">
        {/* The e-mail typed so far goes along in the history state, not in the address. */}
        <Link
          to="/forgot-password"
          state={{ email: form.values.email.trim() }}
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
