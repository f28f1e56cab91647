import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorMessages } from '@linkbio/shared-contracts';
import { AuthPage } from '@/app/routes/auth-page';
import { aCreator, findToast, renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const renderSignIn = () =>
  renderRoutes([{ path: '/auth', element: <AuthPage /> }, stubRoute('/dashboard', 'Dashboard')], '/auth');

const secondStepRequired = { 'POST /api/auth/login': { body: { twoFactorRequired: true } } };

const verifyBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([path]) => path === '/api/auth/2fa/verify')
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);

async function passwordStep(user: ReturnType<typeof renderSignIn>['user']) {
  await user.type(screen.getByLabelText('Email'), 'alex@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return screen.findByRole('form', { name: 'Two-factor sign-in' });
}

describe('Sign In with two-factor sign-in on', () => {
  it('asks for the code after the password, without signing in yet', async () => {
    stubApi({ ...signedOut, ...secondStepRequired });
    const { user, router, client } = renderSignIn();

    await passwordStep(user);
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/auth');
    expect(client.getQueryData(['auth', 'me'])).toBeNull();
  });

  it('checks the code before sending it and shows a wrong one under the field', async () => {
    const fetchMock = stubApi({
      ...signedOut,
      ...secondStepRequired,
      'POST /api/auth/2fa/verify': { status: 400, body: { statusCode: 400, message: TwoFactorMessages.codeWrong } },
    });
    const { user } = renderSignIn();
    await passwordStep(user);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TwoFactorMessages.codeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TwoFactorMessages.codeShape)).toBeInTheDocument();
    expect(verifyBodies(fetchMock)).toEqual([]);

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TwoFactorMessages.codeWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'Verifying...' on a disabled button while the code is checked", async () => {
    stubApi({ ...signedOut, ...secondStepRequired, 'POST /api/auth/2fa/verify': 'pending' });
    const { user } = renderSignIn();
    await passwordStep(user);

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
  });

  it('signs in with the code as a one-step sign-in does: welcome, current user, /dashboard', async () => {
    const creator = aCreator();
    const fetchMock = stubApi({ ...signedOut, ...secondStepRequired, 'POST /api/auth/2fa/verify': { body: creator } });
    const { user, router, client } = renderSignIn();
    await passwordStep(user);

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(client.getQueryData(['auth', 'me'])).toEqual(creator);
    expect(await findToast('Welcome back!')).toMatchObject({ description: 'You have been logged in successfully.' });
    expect(verifyBodies(fetchMock)).toEqual([{ code: '123456' }]);
  });

  it('signs in with a recovery code instead', async () => {
    const fetchMock = stubApi({
      ...signedOut,
      ...secondStepRequired,
      'POST /api/auth/2fa/verify': { body: aCreator() },
    });
    const { user, router } = renderSignIn();
    await passwordStep(user);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-23');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(verifyBodies(fetchMock)).toEqual([{ recoveryCode: 'abcd-efgh-23' }]);
  });

  it('shows a lapsed sign-in below the form and goes back to the password', async () => {
    stubApi({
      ...signedOut,
      ...secondStepRequired,
      'POST /api/auth/2fa/verify': {
        status: 401,
        body: { statusCode: 401, message: TwoFactorMessages.noPendingSignIn },
      },
    });
    const { user } = renderSignIn();
    await passwordStep(user);

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TwoFactorMessages.noPendingSignIn);

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
