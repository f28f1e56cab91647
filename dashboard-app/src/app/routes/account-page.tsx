import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UserView } from '@linkbio/shared-contracts';
import { PageLayout } from '@/components/layout/page-layout';
import { SubPageHeader } from '@/components/layout/sub-page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { ExportCard } from '@/features/account/components/export-card';
import { PasswordCard } from '@/features/account/components/password-card';
import { ProfileCard } from '@/features/account/components/profile-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { UsernameCard } from '@/features/account/components/username-card';
import { currentUserKey } from '@/features/auth/api/current-user';
import { EmailCard } from '@/features/email/components/email-card';
import { qrCodeKey } from '@/features/qr-code/api/get-qr-code';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireCreator } from '../require-creator';

function AccountSkeleton() {
  return (
    <div role="status" aria-label="Loading your account" className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {[0, 1, 2, 3, 4, 5].map((card) => (
        <Skeleton key={card} className="h-72 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * The account's cards. The features do not know each other; this route wires them: a saved profile or a new
 * username becomes the current user (so the dashboard, the navigation and the page link show it at once), and a
 * new username also refreshes the QR code, which encodes the page's address. A new e-mail address refetches the
 * current user; a deleted account forgets everything cached and lands on the landing page with the server's words.
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
  const refreshUser = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: currentUserKey }),
    [queryClient],
  );
  const navigate = useNavigate();
  const leaveDeleted = useCallback(
    (message: string) => {
      // Off the signed-in screens first, so nothing asks for the (now gone) account on the way out.
      void Promise.resolve(navigate('/', { replace: true })).then(() => {
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
        toast({ title: message });
      });
    },
    [navigate, queryClient],
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ProfileCard user={user} onUserChange={storeUser} />
      <UsernameCard user={user} onUserChange={storeRenamedUser} />
      <EmailCard user={user} onEmailChange={refreshUser} />
      <PasswordCard email={user.email} />
      <TwoFactorCard />
      <SessionsCard />
      <ExportCard />
      <DeleteAccountCard onDeleted={leaveDeleted} />
    </div>
  );
}

/** /dashboard/account: profile, username, password and signed-in devices of the signed-in creator. */
export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <PageLayout>
      <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
        <SubPageHeader title="Account">
          Your profile, your page's address, your email, your password, two-factor sign-in, where you are signed in,
          your data, and deleting your account.
        </SubPageHeader>
        <RequireCreator loading={<AccountSkeleton />}>{(user) => <AccountCards user={user} />}</RequireCreator>
      </div>
    </PageLayout>
  );
}
