import { LoadFailed } from '@/components/ui/load-failed';
import { LaptopMinimal, LogOut } from 'lucide-react';
import { useState } from 'react';
import { AccountMessages, type SessionView } from '@linkbio/shared-contracts';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { messageOf } from '@/lib/api-client';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { SessionRow } from './session-row';

type Outcome = { variant: 'success' | 'error'; message: string } | null;

const TRY_AGAIN = 'That did not work. Please try again.';

function SessionsSkeleton() {
  return (
    <div role="status" aria-label="Loading your devices" className="space-y-4">
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** This device first, then the others as the server orders them (most recently used first). */
const thisDeviceFirst = (sessions: SessionView[]) =>
  [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

/**
 * Signed-in devices: each session with its browser, when it signed in and was last active; this device marked;
 * any other can be signed out, or all of them at once. The list is fetched again after each action.
 */
export function SessionsCard({ className }: { className?: string }) {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const busy = endOne.isPending || endOthers.isPending;

  const report = {
    onSuccess: ({ message }: { message: string }, fallback: string) =>
      setOutcome({ variant: 'success', message: message || fallback }),
    onError: (error: unknown) => setOutcome({ variant: 'error', message: messageOf(error, TRY_AGAIN) }),
  };

  const end = (session: SessionView) => {
    setOutcome(null);
    endOne.mutate(session.id, {
      onSuccess: (answer) => report.onSuccess(answer, AccountMessages.sessionEnded),
      onError: report.onError,
    });
  };

  const endAllOthers = () => {
    setOutcome(null);
    endOthers.mutate(undefined, {
      onSuccess: (answer) => report.onSuccess(answer, AccountMessages.otherSessionsEnded),
      onError: report.onError,
    });
  };

  const list = sessions.data ? thisDeviceFirst(sessions.data.sessions) : [];
  const others = list.filter((session) => !session.current);

  return (
    <SettingsCard
      className={className}
      id="account-sessions"
      icon={LaptopMinimal}
      title="Signed-in devices"
      description="Where your account is signed in right now. Sign out any device you do not recognise."
    >
      {sessions.isPending ? (
        <SessionsSkeleton />
      ) : sessions.isError ? (
        <LoadFailed what="your devices" onRetry={() => void sessions.refetch()} />
      ) : (
        <div className="flex flex-1 flex-col gap-4">
          <ul aria-label="Signed-in devices" className="divide-y divide-border">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={end}
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
              No other devices are signed in. When you sign in somewhere else, it shows up here.
            </p>
          ) : null}
          {outcome ? <Notice variant={outcome.variant}>{outcome.message}</Notice> : null}
          {others.length > 0 ? (
            <div className="mt-auto flex justify-end pt-2">
              <Button variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={endAllOthers}>
                <LogOut aria-hidden="true" />
                {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </SettingsCard>
  );
}
