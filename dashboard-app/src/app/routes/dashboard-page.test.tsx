import { screen, waitFor, within } from '@testing-library/react';
import { EmailMessages } from '@linkbio/shared-contracts';
import { openPublicPage } from '@/features/dashboard/lib/navigate';
import { aLink, anAnalytics, aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { DashboardPage } from './dashboard-page';

vi.mock('@/features/dashboard/lib/navigate', () => ({ openPublicPage: vi.fn() }));

const signedIn = (overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) =>
  stubApi({
    'GET /api/auth/me': { body: aUser({ displayName: 'Maya Chen', username: 'maya' }) },
    'GET /api/analytics': {
      body: anAnalytics({ totalClicks: 1234, totalViews: 9870, clickRate: 12.5, activeLinks: 3 }),
    },
    'GET /api/links': { body: [aLink({ title: 'Instagram', url: 'https://instagram.com/maya' })] },
    ...overrides,
  });

describe('DashboardPage', () => {
  it('shows skeletons while the current user loads', () => {
    stubApi({ 'GET /api/auth/me': never });
    renderDashboard(<DashboardPage />);

    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('stats-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');
  });

  it('sends visitors who are not signed in to /auth', async () => {
    stubApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Please sign in to continue' } } });
    const { router } = renderDashboard(<DashboardPage />);

    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the name, public address and active links, with Preview and Visit', async () => {
    signedIn();
    const { user } = renderDashboard(<DashboardPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('public-address')).toHaveTextContent(`${window.location.host}/maya`);
    expect(await screen.findByText('3 active links')).toBeInTheDocument();

    const visit = screen.getByRole('link', { name: /^Visit/ });
    expect(visit).toHaveAttribute('href', '/maya');
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit).toHaveAttribute('rel', 'noopener');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(openPublicPage).toHaveBeenCalledWith('/maya');
  });

  it('shows the four stats, the click rate with a percent sign', async () => {
    signedIn();
    renderDashboard(<DashboardPage />);

    const stats = await screen.findByRole('region', { name: 'Your stats' });
    await waitFor(() => expect(within(stats).getByText('1,234')).toBeInTheDocument());
    const terms = within(stats)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(stats)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Total Clicks', 'Page Views', 'Click Rate', 'Active Links']);
    expect(values).toEqual(['1,234', '9,870', '12.5%', '3']);
  });

  it('shows stat and link skeletons while they load', async () => {
    signedIn({ 'GET /api/analytics': never, 'GET /api/links': never });
    renderDashboard(<DashboardPage />);

    await screen.findByRole('heading', { level: 1, name: 'Maya Chen' });
    expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument();
    expect(screen.getByTestId('stats-skeleton')).toBeInTheDocument();
    expect(screen.getByTestId('links-skeleton')).toBeInTheDocument();
  });

  it('has the cards in the order creators use them: their links first, right under the header and stats', async () => {
    signedIn();
    renderDashboard(<DashboardPage />);

    await screen.findByRole('heading', { level: 1 });
    const cards = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .filter((id): id is string => Boolean(id) && id !== 'stats-title' && id !== 'dashboard-title')
      .map((id) => document.getElementById(id)?.textContent);
    expect(cards).toEqual([
      'Your Links',
      'Products',
      'Analytics',
      'Analytics report',
      'Profile Picture',
      'Profile Template',
      'Social icons',
      'Search & sharing',
      'Booking Settings',
      'Bookings',
      'Session types',
      'Availability',
      'Reminders',
      'Calendar feed',
      'Your calendar',
      'Sales',
      'Coupons',
      'E-mail list',
      'Plan',
      'Payout Settings',
      'Payouts',
    ]);
    // Nothing between the stats and the links.
    const stats = screen.getByRole('region', { name: 'Your stats' });
    expect(stats.nextElementSibling).toBe(screen.getByRole('region', { name: 'Your Links' }));
    expect(screen.getByText('JPG, PNG up to 2MB. Square images work best.')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Show Instagram on your page' })).toBeChecked();
  });

  it('previews the template on the links the page shows, and lets each card keep its own height', async () => {
    signedIn({
      'GET /api/links': {
        body: [
          aLink({ title: 'Instagram', url: 'https://instagram.com/maya' }),
          aLink({ title: 'Old shop', isActive: false }),
        ],
      },
    });
    renderDashboard(<DashboardPage />);

    const preview = await screen.findByTestId('look-preview');
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByTestId('preview-button')
          .map((button) => button.textContent),
      ).toEqual(['Instagram']),
    );
    // Beside a taller neighbour the Profile Picture and Plan cards stay as tall as their content.
    for (const name of ['Profile Picture', 'Plan'])
      expect(screen.getByRole('region', { name }).parentElement).toHaveClass('lg:items-start');
  });

  it('refreshes the analytics after a link changes', async () => {
    const link = aLink({ title: 'Blog', isActive: true });
    let analyticsCalls = 0;
    const { calls } = signedIn({
      'GET /api/analytics': () => {
        analyticsCalls += 1;
        return { body: anAnalytics({ activeLinks: analyticsCalls === 1 ? 1 : 0 }) };
      },
      'GET /api/links': { body: [link] },
      [`PUT /api/links/${link.id}`]: { body: { ...link, isActive: false } },
    });
    const { user } = renderDashboard(<DashboardPage />);

    expect(await screen.findByText('1 active link')).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Show Blog on your page' }));

    expect(await screen.findByText('0 active links')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/analytics')).toHaveLength(2);
  });

  it('stores a settings answer as the current user', async () => {
    signedIn({
      'PUT /api/users/template': { body: { user: aUser({ displayName: 'Maya Chen', theme: 'dark' }) } },
    });
    const { user, client } = renderDashboard(<DashboardPage />);

    await user.click(await screen.findByRole('radio', { name: 'Dark' }));

    await waitFor(() => expect(client.getQueryData<{ theme: string }>(['auth', 'me'])?.theme).toBe('dark'));
  });

  it('asks to confirm the e-mail address above the header only while it is unconfirmed', async () => {
    signedIn({ 'GET /api/auth/me': { body: aUser({ displayName: 'Maya Chen', emailVerified: false }) } });
    const { unmount } = renderDashboard(<DashboardPage />);
    const banner = await screen.findByRole('region', { name: 'Confirm your email address' });
    expect(banner).toHaveTextContent(EmailMessages.unverifiedBanner);
    expect(within(banner).getByRole('button', { name: 'Resend the link' })).toBeEnabled();
    unmount();

    signedIn();
    renderDashboard(<DashboardPage />);
    await screen.findByRole('heading', { level: 1, name: 'Maya Chen' });
    expect(screen.queryByText(EmailMessages.unverifiedBanner)).not.toBeInTheDocument();
  });
});
