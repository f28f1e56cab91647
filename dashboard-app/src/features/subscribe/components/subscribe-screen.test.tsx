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

const localProvider = { 'GET /api/config': { body: { paymentProvider: 'local', stripePublishableKey: null } } };

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

  it('shows the plan and the card form with the test-card hint when checkout starts', async () => {
    const fetchMock = stubApi({
      ...signedIn(),
      ...localProvider,
      'POST /api/create-subscription': { body: { clientSecret: 'pi_sub_secret_123' } },
    });
    const { router } = renderSubscribe();
    expect(await screen.findByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByRole('button', { name: 'Subscribe to Premium' })).toBeEnabled();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    expect(screen.queryByText(/Card payments are being set up/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade to Premium' })).toBeInTheDocument();
    for (const feature of PREMIUM_FEATURES) expect(screen.getByText(feature)).toBeInTheDocument();
    expect(screen.getAllByText('$9.99').length).toBeGreaterThan(0);
    expect(screen.getByText('/month')).toBeInTheDocument();
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.getByText(/cancel your subscription from your dashboard/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(subscriptionCalls(fetchMock)).toHaveLength(1);
  });

  it("pays with a card, says 'Payment Successful', refreshes the creator and goes to /dashboard", async () => {
    let premium = false;
    const fetchMock = stubApi({
      'GET /api/auth/me': () => ({ body: aCreator({ isPremium: premium }) }),
      ...localProvider,
      'POST /api/create-subscription': { body: { clientSecret: 'pi_sub_secret_123' } },
      'POST /api/payments/local/confirm': () => {
        premium = true;
        return { body: { status: 'succeeded', returnUrl: '/dashboard' } };
      },
      'POST /api/subscription/confirm': {
        body: { plan: 'premium', status: 'active', currentPeriodEnd: '2030-01-01T00:00:00.000Z', cancelAtPeriodEnd: false },
      },
    });
    const { user, router } = renderSubscribe();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Subscribe to Premium' }));

    const toast = await findToast('Payment Successful');
    expect(toast).toMatchObject({
      description: 'Welcome to Premium! You now have access to all premium features.',
      variant: 'default',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const confirm = fetchMock.mock.calls.find(([path]) => path === '/api/payments/local/confirm');
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({
      clientSecret: 'pi_sub_secret_123',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    const paths = fetchMock.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${String(path)}`);
    expect(paths.filter((path) => path === 'GET /api/auth/session').length).toBeGreaterThan(1); // read again after paying
    // …after the server took the plan from the provider (Stripe's event may come later).
    expect(paths.indexOf('POST /api/subscription/confirm')).toBeGreaterThan(paths.indexOf('POST /api/payments/local/confirm'));
    expect(paths.lastIndexOf('GET /api/auth/session')).toBeGreaterThan(paths.indexOf('POST /api/subscription/confirm'));
  });

  it("shows 'Payment Failed' with the card's message on a 402 and lets the creator try again", async () => {
    let answer = { status: 402, body: { statusCode: 402, message: 'Your card was declined.' } };
    stubApi({
      ...signedIn(),
      ...localProvider,
      'POST /api/create-subscription': { body: { clientSecret: 'pi_sub_secret_123' } },
      'POST /api/payments/local/confirm': () => answer,
    });
    const { user, router } = renderSubscribe();
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Subscribe to Premium' }));

    expect(await findToast('Payment Failed')).toMatchObject({
      description: 'Your card was declined.',
      variant: 'destructive',
    });
    expect(router.state.location.pathname).toBe('/subscribe');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');

    answer = { status: 200, body: { status: 'succeeded', returnUrl: null } } as never;
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe to Premium' }));
    await findToast('Payment Successful');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
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
    // GET /api/config is not stubbed here: the card form says payment could not start, with its own retry.
    expect(await screen.findByText(/Card payment couldn't start/)).toBeInTheDocument();
    expect(subscriptionCalls(fetchMock)).toHaveLength(2);
  });
});
