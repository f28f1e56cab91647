import { screen, waitFor } from '@testing-library/react';
import { EmailMessages } from '@linkbio/shared-contracts';
import { aCreator, renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';
import { VerifyEmailPage } from './verify-email-page';

const renderPage = (path = '/verify-email?token=tok-123') =>
  renderRoutes(
    [
      { path: '/verify-email', element: <VerifyEmailPage /> },
      stubRoute('/auth', 'Auth'),
      stubRoute('/dashboard', 'Dashboard'),
    ],
    path,
  );

const verifyBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([path]) => path === '/api/auth/email/verify')
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);

const refused = { status: 400, body: { statusCode: 400, message: EmailMessages.tokenInvalid } };

describe('VerifyEmailPage', () => {
  it('sends the token once, takes it out of the address, and confirms (signed out: Sign in)', async () => {
    const fetchMock = stubApi({
      ...signedOut,
      'POST /api/auth/email/verify': { body: { message: EmailMessages.verified } },
    });
    const { router } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your email address...');
    expect(await screen.findByText(EmailMessages.verified)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(EmailMessages.verified);
    expect(router.state.location.search).toBe('');
    expect(verifyBodies(fetchMock)).toEqual([{ token: 'tok-123' }]);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(document.title).toBe('Confirm your email · Linkbio');
  });

  it('links a signed-in creator to the dashboard and refreshes the current user', async () => {
    let verified = false;
    const fetchMock = stubApi({
      'GET /api/auth/me': () => ({ body: aCreator({ emailVerified: verified }) }),
      'POST /api/auth/email/verify': () => {
        verified = true;
        return { body: { message: EmailMessages.verified } };
      },
    });
    const { client } = renderPage();

    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() =>
      expect(client.getQueryData<{ emailVerified: boolean }>(['auth', 'me'])?.emailVerified).toBe(true),
    );
    expect(verifyBodies(fetchMock)).toHaveLength(1);
  });

  it("shows a refused link in the API's words, with the resend button when signed in", async () => {
    stubApi({
      'GET /api/auth/me': { body: aCreator({ emailVerified: false }) },
      'POST /api/auth/email/verify': refused,
      'POST /api/auth/email/resend': { body: { message: EmailMessages.sent('alex@example.com') } },
    });
    const { user } = renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(EmailMessages.tokenInvalid);
    await user.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(EmailMessages.sent('alex@example.com'));
  });

  it('re-opened after use, with the address confirmed: says so and offers the dashboard, no resend', async () => {
    stubApi({
      'GET /api/auth/me': { body: aCreator({ emailVerified: true }) },
      'POST /api/auth/email/verify': refused,
      'POST /api/auth/email/resend': { status: 400, body: { statusCode: 400, message: EmailMessages.alreadyVerified } },
    });
    renderPage();

    expect(await screen.findByText(EmailMessages.alreadyVerified)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(EmailMessages.alreadyVerified);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
    expect(screen.queryByText(EmailMessages.tokenInvalid)).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor with a refused link to sign in for a new one', async () => {
    stubApi({ ...signedOut, 'POST /api/auth/email/verify': refused });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(EmailMessages.tokenInvalid);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.getByText(/If you have confirmed your address already, there is nothing more to do/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend the link' })).not.toBeInTheDocument();
  });

  it('says the link is incomplete without a token, and sends nothing', async () => {
    const fetchMock = stubApi(signedOut);
    renderPage('/verify-email');

    expect(screen.getByRole('alert')).toHaveTextContent(EmailMessages.tokenRequired);
    await screen.findByRole('link', { name: 'Sign in' });
    expect(verifyBodies(fetchMock)).toEqual([]);
  });
});
