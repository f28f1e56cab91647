import { screen, waitFor } from '@testing-library/react';
import { AccountMessages } from '@linkbio/shared-contracts';
import { AuthPage } from '@/app/routes/auth-page';
import { ForgotPasswordPage } from '@/app/routes/forgot-password-page';
import { renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';

const renderForgot = (path = '/forgot-password') =>
  renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      stubRoute('/dashboard', 'Dashboard'),
    ],
    path,
  );

const resetCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([path]) => path === '/api/auth/password-reset');

async function ask(user: ReturnType<typeof renderForgot>['user'], email = 'alex@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('Forgot password', () => {
  it("is reached from the sign-in form's 'Forgot password?' link, with the e-mail typed so far", async () => {
    stubApi(signedOut);
    const { user, router } = renderForgot('/auth');

    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com');
  });

  it('checks the address before sending it', async () => {
    const fetchMock = stubApi(signedOut);
    const { user } = renderForgot();

    await ask(user, 'not-an-email');

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(resetCalls(fetchMock)).toHaveLength(0);
  });

  it("shows 'Sending...' on a disabled button while the call runs", async () => {
    stubApi({ ...signedOut, 'POST /api/auth/password-reset': 'pending' });
    const { user } = renderForgot();

    await ask(user);

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it('says the same words when the link was sent, with the way back to sign in', async () => {
    const fetchMock = stubApi({
      ...signedOut,
      'POST /api/auth/password-reset': { body: { message: AccountMessages.resetRequested } },
    });
    const { user } = renderForgot();

    await ask(user, '  alex@example.com ');

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.resetRequested);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
    expect(JSON.parse(resetCalls(fetchMock)[0]![1]!.body as string)).toEqual({ email: 'alex@example.com' });
  });

  it('says the same words whatever else the server answers', async () => {
    stubApi({
      ...signedOut,
      'POST /api/auth/password-reset': { status: 400, body: { statusCode: 400, message: 'No such account' } },
    });
    const { user } = renderForgot();

    await ask(user);

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.resetRequested);
    expect(screen.queryByText('No such account')).not.toBeInTheDocument();
  });

  it.each([
    [429, 'Too many attempts. Please try again in 15 minutes.'],
    [503, 'This is not available right now. Please try again in a moment.'],
  ])('shows a %i as an error and keeps the form', async (status, message) => {
    stubApi({ ...signedOut, 'POST /api/auth/password-reset': { status, body: { statusCode: status, message } } });
    const { user } = renderForgot();

    await ask(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(AccountMessages.resetRequested)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('lets the person try again after a request, with the address kept', async () => {
    stubApi({ ...signedOut, 'POST /api/auth/password-reset': { body: { message: AccountMessages.resetRequested } } });
    const { user } = renderForgot();

    await ask(user);
    await user.click(await screen.findByRole('button', { name: 'try again' }));

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com'));
  });
});
