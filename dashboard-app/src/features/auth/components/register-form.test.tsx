import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '@/app/routes/auth-page';
import { aCreator, findToast, renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const renderSignUp = (path = '/auth?username=alex') =>
  renderRoutes([{ path: '/auth', element: <AuthPage /> }, stubRoute('/dashboard', 'Dashboard')], path);

const field = {
  username: () => screen.getByLabelText('Username'),
  displayName: () => screen.getByLabelText('Display Name'),
  email: () => screen.getByLabelText('Email'),
  bio: () => screen.getByLabelText(/^Bio/),
  password: () => screen.getByLabelText('Password'),
  confirmPassword: () => screen.getByLabelText('Confirm Password'),
};

const createButton = () => screen.getByRole('button', { name: /^Creat(e|ing) account/i });

type Setup = ReturnType<typeof renderSignUp>;

async function fillIn(user: Setup['user'], values: Partial<Record<keyof typeof field, string>>) {
  for (const [name, value] of Object.entries(values) as [keyof typeof field, string][]) {
    await user.clear(field[name]());
    if (value) await user.type(field[name](), value);
  }
}

const valid = {
  username: 'alex-rivera',
  displayName: 'Alex Rivera',
  email: 'alex@example.com',
  bio: '',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const registerCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/auth/register' && init?.method === 'POST');

describe('Sign Up', () => {
  it('opens the Sign Up tab with the username from ?username= after the site address', () => {
    stubApi(signedOut);
    renderSignUp('/auth?username=mynamex');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(field.username()).toHaveValue('mynamex');
    expect(screen.getByText(`${window.location.host}/`)).toBeInTheDocument();
    expect(createButton()).toHaveTextContent('Create Account');
  });

  it('opens Sign In without the parameter; the Sign Up tab starts with an empty username', async () => {
    stubApi(signedOut);
    const { user } = renderSignUp('/auth');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(field.username()).toHaveValue('');
  });

  it("offers 'Forgot password?' to someone whose email already has an account", () => {
    stubApi(signedOut);
    renderSignUp('/auth?username=mynamex');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('labels every field and sets what browsers and password managers need', () => {
    stubApi(signedOut);
    renderSignUp();
    expect(field.username()).toHaveAttribute('autocomplete', 'username');
    expect(field.displayName()).toHaveAttribute('autocomplete', 'name');
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.email()).toHaveAttribute('autocomplete', 'email');
    expect(field.bio().tagName).toBe('TEXTAREA');
    for (const password of [field.password(), field.confirmPassword()]) {
      expect(password).toHaveAttribute('type', 'password');
      expect(password).toHaveAttribute('autocomplete', 'new-password');
    }
  });

  it('shows each required message under its own field on an empty submit', async () => {
    const fetchMock = stubApi(signedOut);
    const { user } = renderSignUp('/auth?username=a');
    await user.click(createButton());
    await waitFor(() => expect(field.username()).toHaveAccessibleDescription('Username must be at least 3 characters'));
    expect(field.displayName()).toHaveAccessibleDescription('Display name is required');
    expect(field.email()).toHaveAccessibleDescription('Invalid email address');
    expect(field.password()).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(field.confirmPassword()).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(field.bio()).not.toHaveAttribute('aria-invalid');
    expect(field.username()).toHaveFocus();
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'My_Name', 'Username can only contain lowercase letters, numbers, and hyphens'],
    ['username', 'alex rivera', 'Username can only contain lowercase letters, numbers, and hyphens'],
    ['email', 'alex@', 'Invalid email address'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['displayName', '   ', 'Display name is required'],
  ] as const)('%s %j: %s', async (name, value, message) => {
    const fetchMock = stubApi(signedOut);
    const { user } = renderSignUp();
    await fillIn(user, { ...valid, [name]: value });
    await user.click(createButton());
    await waitFor(() => expect(field[name]()).toHaveAccessibleDescription(message));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('asks for 6 characters in the confirmation too', async () => {
    stubApi(signedOut);
    const { user } = renderSignUp();
    await fillIn(user, { ...valid, password: '12345', confirmPassword: '12345' });
    await user.click(createButton());
    await waitFor(() =>
      expect(field.confirmPassword()).toHaveAccessibleDescription('Password must be at least 6 characters'),
    );
  });

  it("shows 'Passwords don't match' on the confirmation field", async () => {
    stubApi(signedOut);
    const { user } = renderSignUp();
    await fillIn(user, { ...valid, confirmPassword: 'secret2' });
    await user.click(createButton());
    await waitFor(() => expect(field.confirmPassword()).toHaveAccessibleDescription("Passwords don't match"));
    expect(field.password()).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("shows 'Creating account...' on a disabled button while the call runs, having sent the form", async () => {
    const fetchMock = stubApi({ ...signedOut, 'POST /api/auth/register': 'pending' });
    const { user } = renderSignUp();
    await fillIn(user, { ...valid, bio: 'Designer and coffee lover' });
    await user.click(createButton());
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(JSON.parse(registerCalls(fetchMock)[0][1]!.body as string)).toEqual({
      ...valid,
      bio: 'Designer and coffee lover',
    });
  });

  it("toasts 'Registration failed' with the server's message", async () => {
    stubApi({
      ...signedOut,
      'POST /api/auth/register': { status: 409, body: { statusCode: 409, message: 'Username is already taken' } },
    });
    const { user, router } = renderSignUp();
    await fillIn(user, valid);
    await user.click(createButton());
    const toast = await findToast('Registration failed');
    expect(toast).toMatchObject({ description: 'Username is already taken', variant: 'destructive' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(createButton()).toBeEnabled();
  });

  it("falls back to 'Registration failed' when the answer has no message", async () => {
    stubApi({ ...signedOut, 'POST /api/auth/register': { status: 500 } });
    const { user } = renderSignUp();
    await fillIn(user, valid);
    await user.click(createButton());
    expect(await findToast('Registration failed')).toMatchObject({
      description: 'Registration failed',
      variant: 'destructive',
    });
  });

  it("welcomes the new creator with 'Account created!' and goes to /dashboard", async () => {
    stubApi({ ...signedOut, 'POST /api/auth/register': { status: 201, body: aCreator({ username: 'alex-rivera' }) } });
    const { user, router } = renderSignUp();
    await fillIn(user, valid);
    await user.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const toast = await findToast('Account created!');
    expect(toast.description).toBe(`Welcome to Linkbio! Your page is live at ${window.location.host}/alex-rivera.`);
  });
});
