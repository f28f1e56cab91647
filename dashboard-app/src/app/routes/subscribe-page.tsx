import { useQueryClient } from '@tanstack/react-query';
import { PageLayout } from '@/components/layout/page-layout';
import { Skeleton } from '@/components/ui/skeleton';
import { currentUserKey } from '@/features/auth/api/current-user';
import { confirmSubscription, subscriptionKey } from '@/features/billing/api/subscription';
import { SubscribeScreen } from '@/features/subscribe/components/subscribe-screen';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireCreator } from '../require-creator';

function SubscribeLoading() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto max-w-5xl space-y-6 px-4 py-16 sm:px-6">
      <Skeleton className="mx-auto h-9 w-64" />
      <Skeleton className="mx-auto h-5 w-80 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}

/** /subscribe: the premium plan, for signed-in creators only (spec §2, §4). */
export function SubscribePage() {
  useDocumentTitle('Upgrade to Premium');
  const queryClient = useQueryClient();
  // After payment: the server takes the plan from the provider, then the plan card and the current user
  // (isPremium) are read again on the dashboard (without that answer, they are read as they are).
  const refreshPlan = () =>
    confirmSubscription()
      .catch(() => undefined)
      .then(() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: currentUserKey }),
          queryClient.invalidateQueries({ queryKey: subscriptionKey }),
        ]),
      );
  return (
    <PageLayout>
      <RequireCreator loading={<SubscribeLoading />}>
        {(user) => <SubscribeScreen isPremium={user.isPremium} onSubscribed={refreshPlan} />}
      </RequireCreator>
    </PageLayout>
  );
}
