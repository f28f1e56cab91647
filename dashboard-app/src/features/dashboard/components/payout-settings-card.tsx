import { Wallet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { UpdatePayoutSettingsRequest, type UserView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PrefixInput } from '@/components/ui/prefix-input';
import { toast } from '@/components/ui/toast-store';
import { validateWith, type FieldErrors } from '@/lib/validate';
import { useUpdatePayoutSettings } from '../api/update-payout-settings';
import { SettingsCard } from '@/components/settings-card';

interface PayoutSettingsCardProps {
  user: UserView;
  onUserChange: (user: UserView) => void;
  className?: string;
}

/** Payout Settings: PayPal e-mail and CashApp handle (shown after a fixed $), saved together (spec §2). */
export function PayoutSettingsCard({ user, onUserChange, className }: PayoutSettingsCardProps) {
  const save = useUpdatePayoutSettings(onUserChange);
  const [paypalEmail, setPaypalEmail] = useState(user.paypalEmail ?? '');
  const [cashappHandle, setCashappHandle] = useState(user.cashappHandle ?? '');
  const [errors, setErrors] = useState<FieldErrors<UpdatePayoutSettingsRequest>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { paypalEmail: paypalEmail.trim(), cashappHandle: cashappHandle.trim().replace(/^\$/, '') };
    const found = validateWith(UpdatePayoutSettingsRequest, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(values, {
      onSuccess: ({ user: saved }) => {
        setPaypalEmail(saved.paypalEmail ?? '');
        setCashappHandle(saved.cashappHandle ?? '');
        toast({ title: 'Payout settings saved' });
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to update payout settings. Please try again.',
        }),
    });
  };

  return (
    <SettingsCard
      className={className}
      id="payout-settings"
      icon={Wallet}
      title="Payout Settings"
      description="Where your booking earnings are sent each week."
    >
      <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4">
        <Field label="PayPal Email" error={errors.paypalEmail}>
          <Input
            type="email"
            name="paypalEmail"
            autoComplete="email"
            placeholder="you@example.com"
            value={paypalEmail}
            onChange={(event) => setPaypalEmail(event.target.value)}
          />
        </Field>
        <Field label="CashApp Handle" error={errors.cashappHandle} hint="Used when no PayPal email is set.">
          <PrefixInput
            prefix="$"
            name="cashappHandle"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourhandle"
            value={cashappHandle}
            onChange={(event) => setCashappHandle(event.target.value)}
          />
        </Field>
        <div className="mt-auto flex justify-end pt-2">
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
