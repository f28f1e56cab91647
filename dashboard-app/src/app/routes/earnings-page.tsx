import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
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
        <div className="space-y-2">
          <Link
            to="/dashboard"
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Back to dashboard
          </Link>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Earnings</h1>
          <p className="text-sm text-muted-foreground">
            Which bookings and refunds make up your balance, and which payout paid them.
          </p>
        </div>
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
