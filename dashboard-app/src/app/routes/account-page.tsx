import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { UserView } from '@linkbio/shared-contracts';
import { PageLayout } from '@/components/layout/page-layout';
import { Skeleton } from '@/components/ui/skeleton';
import { PasswordCard } from '@/features/account/components/password-card';
import { ProfileCard } from '@/features/account/components/profile-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { UsernameCard } from '@/features/account/components/username-card';
import { currentUserKey } from '@/features/auth/api/current-user';
import { qrCodeKey } from '@/features/qr-code/api/get-qr-code';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireCreator } from '../require-creator';

function AccountSkeleton() {
  return (
    <div role="status" aria-label="Loading your account" className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {[0, 1, 2, 3].map((card) => (
        <Skeleton key={card} className="h-72 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * The account's cards. The features do not know each other; this route wires them: a saved profile or a new
 * username becomes the current user (so the dashboard, the navigation and the page link show it at once), and a
 * new username also refreshes the QR code, which encodes the page's address.
 */
function AccountCards({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const storeUser = useCallback((next: UserView) => queryClient.setQueryData(currentUserKey, next), [queryClient]);
  const storeRenamedUser = useCallback(
    (next: UserView) => {
      queryClient.setQueryData(currentUserKey, next);
      void queryClient.invalidateQueries({ queryKey: qrCodeKey });
    },
    [queryClient],
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ProfileCard user={user} onUserChange={storeUser} />
      <UsernameCard user={user} onUserChange={storeRenamedUser} />
      <PasswordCard email={user.email} />
      <SessionsCard />
    </div>
  );
}

/** /dashboard/account: profile, username, password and signed-in devices of the signed-in creator. */
export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <PageLayout>
      <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
        <div className="space-y-2">
          <Link
            to="/dashboard"
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to dashboard
          </Link>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
          <p className="text-sm text-muted-foreground">
            Your profile, your page's address, your password and where you are signed in.
          </p>
        </div>
        <RequireCreator loading={<AccountSkeleton />}>{(user) => <AccountCards user={user} />}</RequireCreator>
      </div>
    </PageLayout>
  );
}
