import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { UserView } from '@linkbio/shared-contracts';
import { PageLayout } from '@/components/layout/page-layout';
import { currentUserKey } from '@/features/auth/api/current-user';
import { LazyAnalyticsCard } from '@/features/analytics/components/lazy-analytics-card';
import { PlanCard } from '@/features/billing/components/plan-card';
import { AvailabilityCard } from '@/features/availability/components/availability-card';
import { BookingsCard } from '@/features/bookings/components/bookings-card';
import { analyticsKey } from '@/features/dashboard/api/get-analytics';
import { BookingSettingsCard } from '@/features/dashboard/components/booking-settings-card';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { UnverifiedEmailBanner } from '@/features/email/components/unverified-email-banner';
import { PayoutSettingsCard } from '@/features/dashboard/components/payout-settings-card';
import { ProfilePictureCard } from '@/features/dashboard/components/profile-picture-card';
import { ProfileTemplateCard } from '@/features/dashboard/components/profile-template-card';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { useLinks } from '@/features/links/api/get-links';
import { LinksCard } from '@/features/links/components/links-card';
import { linksOnPageAt } from '@/features/links/schedule';
import { PayoutsCard } from '@/features/payouts/components/payouts-card';
import { QrCodeButton } from '@/features/qr-code/components/qr-code-button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SocialsCard } from '@/features/socials/components/socials-card';
import { SeoCard } from '@/features/seo/components/seo-card';
import { RequireCreator } from '../require-creator';

/**
 * The creator's dashboard (spec §2): header, stats, then the cards in the spec's order. The features do not
 * know each other; this route wires them: settings answers become the current user, link changes refresh
 * the analytics, a plan change refreshes the current user, the links the page shows go to the template's
 * preview. Analytics sits below the stats; Plan, Bookings, Availability and Payouts come after the spec's cards. Each card
 * keeps its own height beside a taller neighbour.
 */
function CreatorDashboard({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const storeUser = useCallback((next: UserView) => queryClient.setQueryData(currentUserKey, next), [queryClient]);
  const refreshUser = useCallback(() => queryClient.invalidateQueries({ queryKey: currentUserKey }), [queryClient]);
  const refreshAnalytics = useCallback(() => queryClient.invalidateQueries({ queryKey: analyticsKey }), [queryClient]);
  const links = useLinks();
  const pageLinks = useMemo(
    () => linksOnPageAt(links.data ?? [], user.isPremium, new Date()),
    [links.data, user.isPremium],
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      <UnverifiedEmailBanner user={user} />
      <DashboardHeader user={user} actions={<QrCodeButton username={user.username} className="col-span-2" />} />
      <StatCards />
      <LazyAnalyticsCard isPremium={user.isPremium} />
      <div className="grid gap-6 lg:grid-cols-10 lg:items-start">
        <ProfilePictureCard user={user} onUserChange={storeUser} className="lg:col-span-4" />
        <ProfileTemplateCard user={user} onUserChange={storeUser} links={pageLinks} className="lg:col-span-6" />
        <PayoutSettingsCard user={user} onUserChange={storeUser} className="lg:col-span-4" />
        <BookingSettingsCard user={user} onUserChange={storeUser} className="lg:col-span-6" />
        <SocialsCard user={user} onUserChange={storeUser} className="lg:col-span-5" />
        <SeoCard user={user} onUserChange={storeUser} className="lg:col-span-5" />
      </div>
      <LinksCard isPremium={user.isPremium} onLinksChanged={refreshAnalytics} />
      <div className="grid gap-6 lg:grid-cols-10 lg:items-start">
        <PlanCard onPlanChanged={() => void refreshUser()} className="lg:col-span-4" />
        <BookingsCard className="lg:col-span-6" />
        <AvailabilityCard bookingEnabled={user.enableBooking} className="lg:col-span-10" />
        <PayoutsCard className="lg:col-span-10" />
      </div>
    </div>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <PageLayout>
      <RequireCreator loading={<DashboardSkeleton />}>{(user) => <CreatorDashboard user={user} />}</RequireCreator>
    </PageLayout>
  );
}
