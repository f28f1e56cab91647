import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '@/app/routes/auth-page';
import { aCreator, findToast, renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const renderSignIn = () =>
  renderRoutes([{ path: '/auth', element: <AuthPage /> }, stubRoute('/dashboard', 'Dashboard')], '/auth');

const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? in/i });

const loginCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/auth/login' && init?.method === 'POST');

describe('Sign In', () => {
  it('opens on the Sign In tab with labelled email and password fields', () => {
    stubApi(signedOut);
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Get Started' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'false');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(signInButton()).toHaveTextContent('Sign In');
  });

  it('shows the spec messages under the fields and sends nothing while they are wrong', async () => {
    const fetchMock = stubApi(signedOut);
    const { user } = renderSignIn();
    await user.click(signInButton());
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(signInButton());
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(loginCalls(fetchMock)).toHaveLength(0);
  });

  it("clears a field's message once it is edited", async () => {
    stubApi(signedOut);
    const { user } = renderSignIn();
    await user.click(signInButton());
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it("shows 'Signing in...' on a disabled button while the call runs", async () => {
    const fetchMock = stubApi({ ...signedOut, 'POST /api/auth/login': 'pending' });
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(signInButton());
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(loginCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(loginCalls(fetchMock)[0][1]!.body as string)).toEqual({
      email: 'alex@example.com',
      password: 'secret1',
    });
  });

  it("toasts 'Login failed' with the server's message when the API refuses", async () => {
    stubApi({
      ...signedOut,
      'POST /api/auth/login': { status: 401, body: { statusCode: 401, message: 'Invalid email or password' } },
    });
    const { user, router } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(signInButton());
    const toast = await findToast('Login failed');
    expect(toast).toMatchObject({ description: 'Invalid email or password', variant: 'destructive' });
    expect(toast.element).toHaveTextContent('Login failedInvalid email or password');
    expect(signInButton()).toHaveTextContent('Sign In');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("falls back to 'Login failed' when the answer has no message", async () => {
    stubApi({ ...signedOut, 'POST /api/auth/login': { status: 502 } });
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(signInButton());
    const toast = await findToast('Login failed');
    expect(toast).toMatchObject({ description: 'Login failed', variant: 'destructive' });
    expect(toast.element).toHaveTextContent('Login failedLogin failed');
  });

  it('welcomes the creator back and goes to /dashboard', async () => {
    stubApi({ ...signedOut, 'POST /api/auth/login': { body: aCreator() } });
    const { user, router } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const toast = await findToast('Welcome back!');
    expect(toast).toMatchObject({ description: 'You have been logged in successfully.', variant: 'default' });
    expect(toast.element).toHaveTextContent('You have been logged in successfully.');
  });

  it("offers 'Forgot password?' under the password field", () => {
    stubApi(signedOut);
    renderSignIn();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('sends a creator who is already signed in to /dashboard', async () => {
    stubApi({ 'GET /api/auth/me': { body: aCreator() } });
    const { router } = renderSignIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
