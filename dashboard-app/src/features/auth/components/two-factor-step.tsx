import { useState, type FormEvent } from 'react';
import { TwoFactorMessages, TwoFactorVerifyRequest } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useVerifyTwoFactor } from '@/features/auth/api/session';
import { messageOf } from '@/lib/api-client';
import { validateWith } from '@/lib/validate';

type Mode = 'code' | 'recoveryCode';

/** Server messages about what was typed; anything else (too many tries, no pending sign-in) shows below. */
const ABOUT_THE_INPUT = new Set<string>([
  TwoFactorMessages.codeRequired,
  TwoFactorMessages.codeShape,
  TwoFactorMessages.codeWrong,
  TwoFactorMessages.recoveryCodeWrong,
  TwoFactorMessages.codeOrRecoveryCode,
]);

interface TwoFactorStepProps {
  /** Signed in: the caller goes on as after a one-step sign-in. */
  onSignedIn: () => void;
  /** Back to the e-mail and password. */
  onBack: () => void;
}

/** Sign-in's second step: the 6-digit code from the authenticator app, or one of the recovery codes. */
export function TwoFactorStep({ onSignedIn, onBack }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    setFailure(null);
    const typed = value.trim();
    const values = mode === 'code' ? { code: typed } : { recoveryCode: typed };
    const found =
      mode === 'code' && !typed ? TwoFactorMessages.codeRequired : validateWith(TwoFactorVerifyRequest, values)[mode];
    setError(found);
    if (found) return;
    verify.mutate(values, {
      onSuccess: onSignedIn,
      onError: (failed) => {
        const message = messageOf(failed, 'Sign-in failed. Please try again.');
        if (ABOUT_THE_INPUT.has(message)) setError(message);
        else setFailure(message);
      },
    });
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recoveryCode' : 'code');
    setValue('');
    setError(undefined);
    setFailure(null);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="two-factor-step-title">
      <div className="space-y-1">
        <h2 id="two-factor-step-title" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'code'
            ? 'Enter the 6-digit code your authenticator app shows.'
            : 'Enter one of the recovery codes you saved. Each works once.'}
        </p>
      </div>
      {mode === 'code' ? (
        <Field label="6-digit code" error={error}>
          <Input
            key="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            className="font-mono tracking-widest"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
      ) : (
        <Field label="Recovery code" error={error}>
          <Input
            key="recovery"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="font-mono"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
      )}
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
        <Button variant="link" size="sm" onClick={switchMode} disabled={verify.isPending}>
          {mode === 'code' ? 'Use a recovery code instead' : 'Use the code from your app instead'}
        </Button>
        <Button variant="link" size="sm" onClick={onBack} disabled={verify.isPending}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
