import { screen } from '@testing-library/react';
import { EmailMessages } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { UnverifiedEmailBanner } from './unverified-email-banner';

describe('UnverifiedEmailBanner', () => {
  it('says nothing while the address is confirmed, or when the view does not say', () => {
    stubApi({});
    const { rerender } = renderDashboard(
      <UnverifiedEmailBanner user={{ email: 'maya@example.com', emailVerified: true }} />,
    );
    expect(screen.queryByText(EmailMessages.unverifiedBanner)).not.toBeInTheDocument();
    rerender(<UnverifiedEmailBanner user={{ email: 'maya@example.com' }} />);
    expect(screen.queryByText(EmailMessages.unverifiedBanner)).not.toBeInTheDocument();
  });

  it("asks to confirm the address and resends the link, with 'Sending...' while it runs", async () => {
    stubApi({ 'POST /api/auth/email/resend': never });
    const { user } = renderDashboard(
      <UnverifiedEmailBanner user={{ email: 'maya@example.com', emailVerified: false }} />,
    );

    const banner = screen.getByRole('region', { name: 'Confirm your email address' });
    expect(banner).toHaveTextContent(EmailMessages.unverifiedBanner);
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it("shows a refusal (429) in the API's words", async () => {
    stubApi({
      'POST /api/auth/email/resend': {
        status: 429,
        body: { statusCode: 429, message: 'Too many attempts. Please try again in 5 minutes.' },
      },
    });
    const { user } = renderDashboard(
      <UnverifiedEmailBanner user={{ email: 'maya@example.com', emailVerified: false }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 5 minutes.');
  });
});
