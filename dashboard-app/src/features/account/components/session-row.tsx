import { Monitor, Smartphone } from 'lucide-react';
import type { SessionView } from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelative } from '../format-time';

const isPhone = (browser: string) => /android|iphone|ipad|mobile/i.test(browser);

interface SessionRowProps {
  session: SessionView;
  /** Another device's sign-out is running: every button waits for it. */
  busy: boolean;
  /** This row's sign-out is the one running. */
  ending: boolean;
  onEnd: (session: SessionView) => void;
}

/** One signed-in device: what browser, since when, last seen; 'This device' or its Sign out button. */
export function SessionRow({ session, busy, ending, onEnd }: SessionRowProps) {
  const Icon = isPhone(session.browser) ? Smartphone : Monitor;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words" data-session-browser>
              {session.browser}
            </span>
            {session.current ? (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                This device
              </span>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">
            Signed in <time dateTime={session.signedInAt}>{formatDateTime(session.signedInAt)}</time>
          </p>
          <p className="text-sm text-muted-foreground">
            {session.current ? (
              'Active now'
            ) : (
              <>
                Last active <time dateTime={session.lastSeenAt}>{formatRelative(session.lastSeenAt)}</time>
              </>
            )}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="w-full shrink-0 sm:w-auto"
          disabled={busy}
          onClick={() => onEnd(session)}
          aria-label={`${ending ? 'Signing out...' : 'Sign out'} ${session.browser}`}
        >
          {ending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
