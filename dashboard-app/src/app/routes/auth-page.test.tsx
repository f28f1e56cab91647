import { screen, within } from '@testing-library/react';
import { renderRoutes, stubApi, stubRoute } from '@/test/render';
import { AuthPage } from './auth-page';

const renderAuth = (path: string) =>
  renderRoutes([{ path: '/auth', element: <AuthPage /> }, stubRoute('/dashboard', 'Dashboard')], path);

const signedOut = () =>
  stubApi({ 'GET /api/auth/me': { status: 401, body: { statusCode: 401, message: 'Please sign in to continue' } } });

describe('AuthPage', () => {
  it('cleans ?username= as the claim box cleans what is typed, and opens Sign Up with it', async () => {
    signedOut();
    renderAuth('/auth?username=Bob_The-Builder');

    const form = await screen.findByRole('tabpanel', { name: 'Sign Up' });
    expect(within(form).getByLabelText('Username')).toHaveValue('bobthe-builder');
  });

  it('opens Sign In without a username', async () => {
    signedOut();
    renderAuth('/auth');

    expect(await screen.findByRole('tabpanel', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens Sign In when nothing of ?username= is left once cleaned', async () => {
    signedOut();
    renderAuth('/auth?username=__');

    expect(await screen.findByRole('tabpanel', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens Sign Up for ?tab=signup (the landing footer\'s link to start a page)', async () => {
    signedOut();
    renderAuth('/auth?tab=signup');

    const form = await screen.findByRole('tabpanel', { name: 'Sign Up' });
    expect(within(form).getByLabelText('Username')).toHaveValue('');
  });

  it('says under the sign-up form that creating an account accepts the terms, linking them and the privacy policy', async () => {
    signedOut();
    renderAuth('/auth?tab=signup');

    const form = await screen.findByRole('tabpanel', { name: 'Sign Up' });
    expect(within(form).getByText(/By creating an account, you agree to the/)).toHaveTextContent(
      'By creating an account, you agree to the Terms of Service and the Privacy Policy.',
    );
    expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
