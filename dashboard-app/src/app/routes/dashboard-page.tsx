import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useMemo, type ReactNode } from 'react';
import type { LinkView, UserView } from '@linkbio/shared-contracts';
import { PageLayout } from '@/components/layout/page-layout';
import { currentUserKey } from '@/features/auth/api/current-user';
import { LazyAnalyticsCard } from '@/features/analytics/components/lazy-analytics-card';
import { LazyReportCard } from '@/features/analytics/components/lazy-report-card';
import { PlanCard } from '@/features/billing/components/plan-card';
import { AvailabilityCard } from '@/features/availability/components/availability-card';
import { CalendarCard } from '@/features/calendar/components/calendar-card';
import { BookingsCard } from '@/features/bookings/components/bookings-card';
import { CalendarFeedCard } from '@/features/calendar-feed/components/calendar-feed-card';
import { CouponsCard } from '@/features/coupons/components/coupons-card';
import { EmailListCard } from '@/features/audience/components/email-list-card';
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
import { ProductsCard } from '@/features/products/components/products-card';
import { QrCodeButton } from '@/features/qr-code/components/qr-code-button';
import { RemindersCard } from '@/features/reminders/components/reminders-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SocialsCard } from '@/features/socials/components/socials-card';
import { SeoCard } from '@/features/seo/components/seo-card';
import { SessionTypesCard } from '@/features/session-types/components/session-types-card';
import { SalesCard } from '@/features/sales/components/sales-card';
import { RequireCreator } from '../require-creator';

/** What the dashboard's sections are given: the creator, and the wiring between features. */
interface DashboardContext {
  user: UserView;
  /** A settings answer becomes the current user. */
  storeUser: (next: UserView) => void;
  /** A plan change reads the current user again. */
  refreshUser: () => void;
  /** A link change refreshes the analytics. */
  refreshAnalytics: () => Promise<unknown>;
  /** The links the page shows now, for the template's preview. */
  pageLinks: LinkView[];
}

interface DashboardSection {
  id: string;
  render: (dashboard: DashboardContext) => ReactNode;
}

/**
 * Cards side by side on large screens (ten columns), each keeping its own height beside a taller neighbour. One
 * column below that, sized to the screen (`grid-cols-1` is minmax(0, 1fr)), so a long title truncates in its card
 * instead of widening the column past the screen.
 */
function CardRow({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-6 lg:grid-cols-10 lg:items-start">{children}</div>;
}

/**
 * The dashboard under its header and stats, top to bottom, what creators use most first: their links, the
 * analytics, how the page looks, then sessions, then the plan and money. A new card is one line where it
 * belongs: an entry of its own, or a card in a row (with its width of the row's ten columns).
 */
const DASHBOARD_SECTIONS: DashboardSection[] = [
  { id: 'links', render: (d) => <LinksCard isPremium={d.user.isPremium} onLinksChanged={d.refreshAnalytics} /> },
  { id: 'products', render: () => <ProductsCard /> },
  { id: 'analytics', render: (d) => <LazyAnalyticsCard isPremium={d.user.isPremium} /> },
  { id: 'report', render: (d) => <LazyReportCard isPremium={d.user.isPremium} /> },
  {
    id: 'look',
    render: (d) => (
      <CardRow>
        <ProfilePictureCard user={d.user} onUserChange={d.storeUser} className="lg:col-span-4" />
        <ProfileTemplateCard user={d.user} onUserChange={d.storeUser} links={d.pageLinks} className="lg:col-span-6" />
        <SocialsCard user={d.user} onUserChange={d.storeUser} className="lg:col-span-5" />
        <SeoCard user={d.user} onUserChange={d.storeUser} className="lg:col-span-5" />
      </CardRow>
    ),
  },
  {
    id: 'sessions',
    render: (d) => (
      <CardRow>
        <BookingSettingsCard user={d.user} onUserChange={d.storeUser} className="lg:col-span-4" />
        <BookingsCard className="lg:col-span-6" />
        <SessionTypesCard className="lg:col-span-10" />
        <AvailabilityCard bookingEnabled={d.user.enableBooking} className="lg:col-span-10" />
        <RemindersCard className="lg:col-span-10" />
        <CalendarFeedCard className="lg:col-span-10" />
        <CalendarCard className="lg:col-span-10" />
      </CardRow>
    ),
  },
  {
    id: 'sales',
    render: () => (
      <CardRow>
        <SalesCard className="lg:col-span-10" />
      </CardRow>
    ),
  },
  { id: 'coupons', render: () => <CouponsCard /> },
  { id: 'email-list', render: (d) => <EmailListCard isPremium={d.user.isPremium} /> },
  {
    id: 'money',
    render: (d) => (
      <CardRow>
        <PlanCard onPlanChanged={d.refreshUser} className="lg:col-span-4" />
        <PayoutSettingsCard user={d.user} onUserChange={d.storeUser} className="lg:col-span-6" />
        <PayoutsCard className="lg:col-span-10" />
      </CardRow>
    ),
  },
];

/**
 * The creator's dashboard (spec §2): header, stats, then DASHBOARD_SECTIONS in order. The features do not know
 * each other; this route wires them (DashboardContext).
 */
function CreatorDashboard({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const storeUser = useCallback((next: UserView) => queryClient.setQueryData(currentUserKey, next), [queryClient]);
  const refreshUser = useCallback(() => void queryClient.invalidateQueries({ queryKey: currentUserKey }), [queryClient]);
  const refreshAnalytics = useCallback(() => queryClient.invalidateQueries({ queryKey: analyticsKey }), [queryClient]);
  const links = useLinks();
  const pageLinks = useMemo(
    () => linksOnPageAt(links.data ?? [], user.isPremium, new Date()),
    [links.data, user.isPremium],
  );
  const dashboard: DashboardContext = { user, storeUser, refreshUser, refreshAnalytics, pageLinks };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      <UnverifiedEmailBanner user={user} />
      <DashboardHeader user={user} actions={<QrCodeButton username={user.username} className="col-span-2" />} />
      <StatCards />
      {DASHBOARD_SECTIONS.map((section) => (
        <Fragment key={section.id}>{section.render(dashboard)}</Fragment>
      ))}
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
