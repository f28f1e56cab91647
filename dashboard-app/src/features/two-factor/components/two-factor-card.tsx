import { LoadFailed } from '@/components/ui/load-failed';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { RECOVERY_CODE_COUNT, type RecoveryCodesView, type TwoFactorSetupView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { messageOf } from '@/lib/api-client';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useSetUpTwoFactor } from '../api/set-up-two-factor';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

type Outcome = { variant: 'success' | 'error'; message: string } | null;

function StatusBadge({ on }: { on: boolean }) {
  return (
    <span
      className={
        on
          ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900'
          : 'rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground'
      }
    >
      {on ? 'On' : 'Off'}
    </span>
  );
}

/**
 * Two-factor sign-in: off (set it up: scan, confirm with a code, then the recovery codes shown once) or on (how
 * many recovery codes are left; turn it off with the password and a code).
 */
export function TwoFactorCard({ className }: { className?: string }) {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupView | null>(null);
  const [codes, setCodes] = useState<RecoveryCodesView | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const turnOffRef = useRef<HTMLButtonElement>(null);

  const start = () => {
    setOutcome(null);
    setUp.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) =>
        setOutcome({ variant: 'error', message: messageOf(error, 'The set-up could not start. Please try again.') }),
    });
  };

  const body = () => {
    if (codes) return <RecoveryCodes view={codes} onDone={() => setCodes(null)} />;
    if (status.isPending) {
      return (
        <div role="status" aria-label="Loading two-factor sign-in" className="space-y-3">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-40" />
        </div>
      );
    }
    if (status.isError) {
      return (
        <LoadFailed what="your two-factor settings" onRetry={() => void status.refetch()} />
      );
    }
    if (setup && !status.data.enabled) {
      return (
        <TwoFactorSetup
          setup={setup}
          onEnabled={(view) => {
            setSetup(null);
            setCodes(view);
          }}
          onCancel={() => setSetup(null)}
        />
      );
    }
    const { enabled, recoveryCodesLeft } = status.data;
    return (
      <div className="flex flex-1 flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Two-factor sign-in</span>
          <StatusBadge on={enabled} />
        </p>
        {enabled ? (
          <p className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
            {recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Besides your password, signing in asks for a code from an authenticator app on your phone.
          </p>
        )}
        {outcome ? <Notice variant={outcome.variant}>{outcome.message}</Notice> : null}
        <div className="mt-auto flex justify-end pt-2">
          {enabled ? (
            <Button
              ref={turnOffRef}
              variant="outline"
              className="w-full sm:w-auto"
              onClick={() => {
                setOutcome(null);
                setDisabling(true);
              }}
            >
              Turn off
            </Button>
          ) : (
            <Button className="w-full sm:w-auto" disabled={setUp.isPending} onClick={start}>
              {setUp.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
            </Button>
          )}
        </div>
        <DisableTwoFactorDialog
          open={disabling}
          onOpenChange={setDisabling}
          onDisabled={(message) => setOutcome({ variant: 'success', message })}
          returnFocusTo={turnOffRef}
        />
      </div>
    );
  };

  return (
    <SettingsCard
      className={className}
      id="account-two-factor"
      icon={ShieldCheck}
      title="Two-factor sign-in"
      description="A code from your phone as well as your password, so a stolen password is not enough."
    >
      {body()}
    </SettingsCard>
  );
}
