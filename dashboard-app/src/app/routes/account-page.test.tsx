import { screen, waitFor, within } from '@testing-library/react';
import { AccountMessages, DeletionMessages, type SessionView } from '@linkbio/shared-contracts';
import { aCreator, findToast, renderRoutes, stubApi, stubRoute } from '@/test/render';
import { AccountPage } from './account-page';

const thisDevice: SessionView = {
  id: 'session-this',
  browser: 'Firefox on Linux',
  signedInAt: '2026-03-01T09:30:00.000Z',
  lastSeenAt: '2026-03-01T09:30:00.000Z',
  current: true,
};
const phone: SessionView = { ...thisDevice, id: 'session-phone', browser: 'Safari on iPhone', current: false };

const renderAccount = () =>
  renderRoutes(
    [
      { path: '/dashboard/account', element: <AccountPage /> },
      stubRoute('/auth', 'Auth'),
      stubRoute('/dashboard', 'Dashboard'),
    ],
    '/dashboard/account',
  );

describe('AccountPage', () => {
  it('sends visitors who are not signed in to /auth', async () => {
    stubApi({ 'GET /api/auth/me': { status: 401, body: { statusCode: 401, message: 'Please sign in to continue' } } });
    const { router } = renderAccount();

    expect(await screen.findByRole('heading', { name: 'Auth' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the cards in order, with the way back to the dashboard', async () => {
    stubApi({
      'GET /api/auth/me': { body: aCreator() },
      'GET /api/auth/sessions': { body: { sessions: [thisDevice] } },
    });
    renderAccount();

    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Profile' });
    expect(
      screen
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-labelledby'))
        .filter((id): id is string => Boolean(id))
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual([
      'Profile',
      'Username',
      'Email',
      'Password',
      'Two-factor sign-in',
      'Signed-in devices',
      'Your data',
      'Delete account',
    ]);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toBe('Account · Linkbio');
  });

  it('makes a new username the current user everywhere and refreshes the QR code', async () => {
    const renamed = aCreator({ username: 'alex-r' });
    stubApi({
      'GET /api/auth/me': { body: aCreator() },
      'GET /api/auth/sessions': { body: { sessions: [thisDevice] } },
      'PUT /api/users/username': { body: { user: renamed, message: AccountMessages.usernameChanged('alex-r') } },
    });
    const { user, client } = renderAccount();
    client.setQueryData(['qr-code'], { url: 'http://localhost/alex' });

    const card = await screen.findByRole('region', { name: 'Username' });
    await user.clear(within(card).getByLabelText('New Username'));
    await user.type(within(card).getByLabelText('New Username'), 'alex-r');
    await user.click(within(card).getByRole('button', { name: 'Change username' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change username' }));

    await waitFor(() => expect(within(card).getByTestId('current-address')).toHaveTextContent('/alex-r'));
    expect(client.getQueryData<{ username: string }>(['auth', 'me'])?.username).toBe('alex-r');
    expect(client.getQueryState(['qr-code'])?.isInvalidated).toBe(true);
  });

  it('stores a saved profile as the current user', async () => {
    stubApi({
      'GET /api/auth/me': { body: aCreator() },
      'GET /api/auth/sessions': { body: { sessions: [thisDevice] } },
      'PUT /api/users/profile': { body: { user: aCreator({ displayName: 'Alex R.', bio: 'Hi' }) } },
    });
    const { user, client } = renderAccount();

    const card = await screen.findByRole('region', { name: 'Profile' });
    await user.clear(within(card).getByLabelText('Display Name'));
    await user.type(within(card).getByLabelText('Display Name'), 'Alex R.');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(client.getQueryData<{ displayName: string }>(['auth', 'me'])?.displayName).toBe('Alex R.'),
    );
    expect(await screen.findByRole('button', { name: 'Account menu for Alex R.' })).toBeInTheDocument();
  });

  it('fetches the devices again after a password change (the others were signed out)', async () => {
    let listed = 0;
    stubApi({
      'GET /api/auth/me': { body: aCreator() },
      'GET /api/auth/sessions': () => ({ body: { sessions: listed++ === 0 ? [thisDevice, phone] : [thisDevice] } }),
      'POST /api/auth/password': { body: { message: AccountMessages.passwordChanged } },
    });
    const { user } = renderAccount();

    const devices = await screen.findByRole('region', { name: 'Signed-in devices' });
    expect(await within(devices).findByText('Safari on iPhone')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Password' });
    await user.type(within(card).getByLabelText('Current Password'), 'old-secret');
    await user.type(within(card).getByLabelText('New Password'), 'new-secret');
    await user.type(within(card).getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));

    expect(await within(card).findByText(AccountMessages.passwordChanged)).toBeInTheDocument();
    expect(await within(devices).findByText(/No other devices are signed in/)).toBeInTheDocument();
  });

  it('after deleting, forgets everything cached and lands on the landing page with the message', async () => {
    stubApi({
      'GET /api/auth/me': { body: aCreator() },
      'GET /api/auth/sessions': { body: { sessions: [thisDevice] } },
      'GET /api/users/me/deletion': { body: { unpaidCents: 0, premium: false } },
      'DELETE /api/users/me': { body: { message: DeletionMessages.deleted } },
    });
    const { user, client, router } = renderRoutes(
      [{ path: '/dashboard/account', element: <AccountPage /> }, stubRoute('/', 'Landing'), stubRoute('/auth', 'Auth')],
      '/dashboard/account',
    );
    client.setQueryData(['qr-code'], { url: 'http://localhost/alex' });

    const card = await screen.findByRole('region', { name: 'Delete account' });
    await user.click(await within(card).findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect((await findToast(DeletionMessages.deleted)).element).toBeInTheDocument();
    expect(client.getQueryData(['auth', 'me'])).toBeNull();
    expect(client.getQueryData(['qr-code'])).toBeUndefined();
  });
});
