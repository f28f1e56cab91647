import { useState, type FormEvent } from 'react';
import {
  TwoFactorCodeRequest,
  TwoFactorMessages,
  type RecoveryCodesView,
  type TwoFactorSetupView,
} from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { useValidatedForm } from '@/lib/use-validated-form';
import { useEnableTwoFactor } from '../api/enable-two-factor';

/** Server messages that are about the code typed. */
const ABOUT_THE_CODE = new Set<string>([
  TwoFactorMessages.codeRequired,
  TwoFactorMessages.codeShape,
  TwoFactorMessages.codeWrong,
]);

/**
 * The QR code drawn by our server, shown as an image (never put into the page as markup), so nothing in it can
 * run.
 */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

interface TwoFactorSetupProps {
  setup: TwoFactorSetupView;
  onEnabled: (view: RecoveryCodesView) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the key), then confirm with the app's current code. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const enable = useEnableTwoFactor();
  const form = useValidatedForm(TwoFactorCodeRequest, { code: '' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enable.isPending) return;
    setFailure(null);
    if (!form.validate()) return;
    enable.mutate(form.values.code, {
      onSuccess: onEnabled,
      onError: (error) => {
        const message = messageOf(error, 'Two-factor sign-in could not be turned on. Please try again.');
        if (ABOUT_THE_CODE.has(message)) form.showErrors({ code: message });
        else setFailure(message);
      },
    });
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Scan the QR code with an authenticator app, or type the key into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={svgImage(setup.qrCodeSvg)}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-border bg-white p-1"
        />
        <div className="w-full min-w-0 space-y-1">
          <p className="text-sm font-medium" id="two-factor-key-label">
            Key to type instead
          </p>
          <p
            aria-labelledby="two-factor-key-label"
            data-testid="two-factor-secret"
            className="select-all break-all rounded-md bg-muted px-3 py-2 font-mono text-sm"
          >
            {setup.secret}
          </p>
        </div>
      </div>
      <Field label="6-digit code" error={form.errors.code}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="font-mono tracking-widest"
          {...form.field('code')}
        />
      </Field>
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      <div className="mt-auto flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={enable.isPending} className="w-full sm:w-auto">
          Cancel
        </Button>
        <Button type="submit" disabled={enable.isPending} className="w-full sm:w-auto">
          {enable.isPending ? 'Turning on...' : 'Turn on'}
        </Button>
      </div>
    </form>
  );
}
