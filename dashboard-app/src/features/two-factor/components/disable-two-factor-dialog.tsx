import { useState, type FormEvent, type RefObject } from 'react';
import { DisableTwoFactorRequest, Messages, TwoFactorMessages } from '@linkbio/shared-contracts';
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
import { validateWith } from '@/lib/validate';
import { useDisableTwoFactor } from '../api/disable-two-factor';

type Mode = 'code' | 'recoveryCode';
type Errors = { password?: string; second?: string };

const PASSWORD_MESSAGES = new Set<string>([TwoFactorMessages.passwordWrong, Messages.passwordRequired]);
const SECOND_FACTOR_MESSAGES = new Set<string>([
  TwoFactorMessages.codeRequired,
  TwoFactorMessages.codeShape,
  TwoFactorMessages.codeWrong,
  TwoFactorMessages.recoveryCodeWrong,
  TwoFactorMessages.codeOrRecoveryCode,
]);

interface DisableTwoFactorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDisabled: (message: string) => void;
  /** The button that opened it, where focus goes back. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Turning two-factor sign-in off: the password, and the app's code or a recovery code. */
export function DisableTwoFactorDialog({ open, onOpenChange, onDisabled, returnFocusTo }: DisableTwoFactorDialogProps) {
  const disable = useDisableTwoFactor();
  const [mode, setMode] = useState<Mode>('code');
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (disable.isPending) return;
    if (!next) {
      setPassword('');
      setSecond('');
      setErrors({});
      setFailure(null);
      setMode('code');
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending) return;
    setFailure(null);
    const values = mode === 'code' ? { password, code: second.trim() } : { password, recoveryCode: second.trim() };
    const found = validateWith(DisableTwoFactorRequest, values);
    const next: Errors = { password: found.password, second: found[mode] };
    setErrors(next);
    if (next.password || next.second) return;
    disable.mutate(values, {
      onSuccess: ({ message }) => {
        close(false);
        onDisabled(message || TwoFactorMessages.disabled);
      },
      onError: (error) => {
        const message = messageOf(error, 'Two-factor sign-in could not be turned off. Please try again.');
        if (PASSWORD_MESSAGES.has(message)) setErrors({ password: message });
        else if (SECOND_FACTOR_MESSAGES.has(message)) setErrors({ second: message });
        else setFailure(message);
      },
    });
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recoveryCode' : 'code');
    setSecond('');
    setErrors((current) => ({ ...current, second: undefined }));
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
          <DialogDescription>Signing in will need only your password again.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Password" error={errors.password}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          {mode === 'code' ? (
            <Field label="6-digit code" error={errors.second}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="font-mono tracking-widest"
                value={second}
                onChange={(event) => setSecond(event.target.value)}
              />
            </Field>
          ) : (
            <Field label="Recovery code" error={errors.second}>
              <Input
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="font-mono"
                value={second}
                onChange={(event) => setSecond(event.target.value)}
              />
            </Field>
          )}
          <Button variant="link" size="sm" onClick={switchMode} className="h-auto">
            {mode === 'code' ? 'Use a recovery code instead' : 'Use the code from your app instead'}
          </Button>
          {failure ? <Notice variant="error">{failure}</Notice> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={disable.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending ? 'Turning off...' : 'Turn off'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
