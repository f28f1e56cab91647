import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmailMessages } from '@linkbio/shared-contracts';
import { CardPage } from '@/components/layout/card-page';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { currentUserKey, useCurrentUser } from '@/features/auth/api/current-user';
import { useConfirmEmail } from '@/features/email/api/confirm-email';
import { ResendLinkButton } from '@/features/email/components/resend-link-button';
import { messageOf } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

type Outcome = { kind: 'confirmed'; message: string } | { kind: 'refused'; message: string } | null;

/** Where to go next: the dashboard when signed in, else the sign-in page. */
function NextStep({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild size="lg" className="w-full">
      {signedIn ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/auth">Sign in</Link>}
    </Button>
  );
}

/**
 * /verify-email?token=…: the link from the confirmation e-mail, signed in or not. The token is read once, taken
 * out of the address at once (as on the reset page) and sent once; the answer is shown with the way on. A refused
 * link (used already, or old) while the signed-in creator's address is confirmed says just that, with the way to the
 * dashboard; unconfirmed, it offers a new link. Signed out, the page cannot tell whose link it was and says nothing
 * about any address: it says a confirmed address needs nothing more, and to sign in to go on or for a new link.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending: userPending } = useCurrentUser();
  const confirm = useConfirmEmail();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const tokenInAddress = searchParams.has('token');
  const sent = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? null : { kind: 'refused', message: EmailMessages.tokenRequired },
  );

  useEffect(() => {
    if (tokenInAddress) void navigate({ search: '', hash: '' }, { replace: true });
  }, [tokenInAddress, navigate]);

  /**
   * The account as it is now. The page's first read of it may still be on its way, begun before the link was
   * used: invalidating alone would keep that read (React Query joins a first fetch still running), and the
   * dashboard would then show the address as unconfirmed; so it is cancelled first and read anew.
   */
  const readAccountAgain = useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: currentUserKey });
    await queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [queryClient]);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutateAsync(token).then(
      ({ message }) => {
        setOutcome({ kind: 'confirmed', message: message || EmailMessages.verified });
        void readAccountAgain();
      },
      (error: unknown) => {
        setOutcome({ kind: 'refused', message: messageOf(error, EmailMessages.tokenInvalid) });
        // Confirmed meanwhile (another tab, the link used before)? The fresh account decides what the page offers.
        void readAccountAgain();
      },
    );
  }, [token, confirm, readAccountAgain]);

  const signedIn = Boolean(user);

  return (
    <CardPage title="Confirm your email" description="We check the link from your email.">
      {outcome === null ? (
        <p role="status" className="text-center text-sm text-muted-foreground">
          Confirming your email address...
        </p>
      ) : outcome.kind === 'confirmed' ? (
        <div className="space-y-4">
          <Notice variant="success">{outcome.message}</Notice>
          {userPending ? null : <NextStep signedIn={signedIn} />}
        </div>
      ) : user?.emailVerified ? (
        // A used (or old) link, and the address is confirmed: nothing is wrong, nothing to resend.
        <div className="space-y-4">
          <Notice variant="success">{EmailMessages.alreadyVerified}</Notice>
          <NextStep signedIn />
        </div>
      ) : (
        <div className="space-y-4">
          <Notice variant="error">{outcome.message}</Notice>
          {signedIn ? (
            <ResendLinkButton variant="primary" />
          ) : userPending ? null : (
            <p className="text-sm text-muted-foreground">
              If you have confirmed your address already, there is nothing more to do.{' '}
              <Link to="/auth" className="rounded-sm font-medium text-primary underline underline-offset-4">
                Sign in
              </Link>{' '}
              to continue, or to ask for a new link.
            </p>
          )}
        </div>
      )}
    </CardPage>
  );
}
