import { PageLayout } from '@/components/layout/page-layout';
import { SubPageHeader } from '@/components/layout/sub-page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { EarningsView } from '@/features/earnings/components/earnings-view';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireCreator } from '../require-creator';

/** /dashboard/earnings: the signed-in creator's statement, year by year, with the CSV download. */
export function EarningsPage() {
  useDocumentTitle('Earnings');
  return (
    <PageLayout>
      <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
        <SubPageHeader title="Earnings">
          Which bookings and refunds make up your balance, and which payout paid them.
        </SubPageHeader>
        <RequireCreator
          loading={
            <div role="status" aria-label="Loading your earnings" className="space-y-6">
              <Skeleton className="h-40 rounded-xl" />
              <Skeleton className="h-96 rounded-xl" />
            </div>
          }
        >
          {(user) => <EarningsView firstYear={new Date(user.createdAt).getUTCFullYear()} />}
        </RequireCreator>
      </div>
    </PageLayout>
  );
}
