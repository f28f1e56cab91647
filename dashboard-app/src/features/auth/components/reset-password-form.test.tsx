import { screen } from '@testing-library/react';
import { AccountMessages } from '@linkbio/shared-contracts';
import { ResetPasswordPage } from '@/app/routes/reset-password-page';
import { renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';

const TOKEN = 'k3Y-token_0123456789abcdef';

const renderReset = (path = `/reset-password?token=${TOKEN}`) =>
  renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      stubRoute('/auth', 'Auth'),
      stubRoute('/forgot-password', 'Forgot password'),
    ],
    path,
  );

const confirmCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([path]) => path === '/api/auth/password-reset/confirm');

async function choose(user: ReturnType<typeof renderReset>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('Reset password', () => {
  it('says the link is incomplete when it has no token, with the way to ask for a new one', async () => {
    stubApi(signedOut);
    const { user } = renderReset('/reset-password');

    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.resetTokenRequired);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('takes the token out of the address at once and sends it with the new password', async () => {
    const fetchMock = stubApi({ ...signedOut, 'POST /api/auth/password-reset/confirm': 'pending' });
    const { user, router } = renderReset();

    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(document.body).not.toHaveTextContent(TOKEN);

    await choose(user, 'new-secret');

    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(JSON.parse(confirmCalls(fetchMock)[0]![1]!.body as string)).toEqual({
      token: TOKEN,
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
  });

  it('checks the passwords before sending them', async () => {
    const fetchMock = stubApi(signedOut);
    const { user } = renderReset();

    await choose(user, '123');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await choose(user, 'new-secret', 'new-secreT');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(confirmCalls(fetchMock)).toHaveLength(0);
  });

  it('says the password was reset, with the way to sign in', async () => {
    stubApi({
      ...signedOut,
      'POST /api/auth/password-reset/confirm': { body: { message: AccountMessages.passwordReset } },
    });
    const { user } = renderReset();

    await choose(user, 'new-secret');

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.passwordReset);
    await user.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Auth' })).toBeInTheDocument();
  });

  it("shows the API's message for a link that is no longer valid, with the way to ask for a new one", async () => {
    stubApi({
      ...signedOut,
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: { statusCode: 400, message: AccountMessages.resetTokenInvalid },
      },
    });
    const { user } = renderReset();

    await choose(user, 'new-secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('keeps the form and what was typed when the server asks to try again later', async () => {
    stubApi({
      ...signedOut,
      'POST /api/auth/password-reset/confirm': {
        status: 429,
        body: { statusCode: 429, message: 'Too many attempts. Please try again in 15 minutes.' },
      },
    });
    const { user } = renderReset();

    await choose(user, 'new-secret');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
    expect(screen.getByLabelText('New Password')).toHaveValue('new-secret');
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });
});
