import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscribePage } from '@/app/routes/subscribe-page';
import { aCreator, findToast, renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const renderSubscribe = () =>
  renderRoutes(
    [
      { path: '/subscribe', element: <SubscribePage /> },
      stubRoute('/dashboard', 'Dashboard'),
      stubRoute('/auth', 'Auth'),
    ],
    '/subscribe',
  );

const signedIn = (isPremium = false) => ({ 'GET /api/auth/me': { body: aCreator({ isPremium }) } });

const subscriptionCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/create-subscription' && init?.method === 'POST');

const PREMIUM_FEATURES = [
  'Unlimited links (vs 5 on free)',
  'Custom themes and branding',
  'Advanced analytics and insights',
  'Priority customer support',
  'Removal of Linkbio branding',
  'Custom link scheduling',
];

describe('Subscribe page', () => {
  it('sends a visitor who is not signed in to /auth', async () => {
    const fetchMock = stubApi(signedOut);
    const { router } = renderSubscribe();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(subscriptionCalls(fetchMock)).toHaveLength(0);
  });

  it("says 'Already Subscribed' and goes to /dashboard when the server answers 'Already subscribed'", async () => {
    const fetchMock = stubApi({
      ...signedIn(),
      'POST /api/create-subscription': { body: { message: 'Already subscribed' } },
    });
    const { router } = renderSubscribe();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect((await findToast('Already Subscribed')).variant).toBe('default');
    expect(subscriptionCalls(fetchMock)).toHaveLength(1);
  });

  it("says 'Already Premium' and goes to /dashboard without asking for a subscription", async () => {
    const fetchMock = stubApi(signedIn(true));
    const { router } = renderSubscribe();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await findToast('Already Premium');
    expect(subscriptionCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the plan and a payment section that cannot be submitted yet when checkout starts', async () => {
    const fetchMock = stubApi({
      ...signedIn(),
      'POST /api/create-subscription': { body: { clientSecret: 'seti_secret_123' } },
    });
    const { router } = renderSubscribe();
    const subscribe = await screen.findByRole('button', { name: 'Subscribe to Premium' });
    expect(subscribe).toBeDisabled();
    expect(subscribe).toHaveAccessibleDescription(/Card payments are being set up/);
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade to Premium' })).toBeInTheDocument();
    for (const feature of PREMIUM_FEATURES) expect(screen.getByText(feature)).toBeInTheDocument();
    expect(screen.getAllByText('$9.99').length).toBeGreaterThan(0);
    expect(screen.getByText('/month')).toBeInTheDocument();
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.getByText(/cancel your subscription from your dashboard/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(subscriptionCalls(fetchMock)).toHaveLength(1);
  });

  it("shows the 'Error' notice on failure, keeps the plan on screen and can try again", async () => {
    let answer: { status: number; body: unknown } = { status: 404, body: { statusCode: 404, message: 'Not found' } };
    const fetchMock = stubApi({ ...signedIn(), 'POST /api/create-subscription': () => answer });
    const { user } = renderSubscribe();
    const toast = await findToast('Error');
    expect(toast).toMatchObject({
      description: 'Failed to initialize subscription. Please try again.',
      variant: 'destructive',
    });
    for (const feature of PREMIUM_FEATURES) expect(screen.getByText(feature)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe to Premium' })).not.toBeInTheDocument();

    answer = { status: 200, body: { clientSecret: 'seti_secret_123' } };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Subscribe to Premium' })).toBeDisabled();
    expect(subscriptionCalls(fetchMock)).toHaveLength(2);
  });
});
