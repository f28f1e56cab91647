import { screen } from '@testing-library/react';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { PayoutSettingsCard } from './payout-settings-card';

describe('PayoutSettingsCard', () => {
  it('has an e-mail field and a CashApp handle after a $', () => {
    stubApi({});
    renderDashboard(
      <PayoutSettingsCard
        user={aUser({ paypalEmail: 'maya@pay.example', cashappHandle: 'maya' })}
        onUserChange={() => {}}
      />,
    );

    expect(screen.getByLabelText('PayPal Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('PayPal Email')).toHaveValue('maya@pay.example');
    const handle = screen.getByLabelText('CashApp Handle');
    expect(handle).toHaveValue('maya');
    expect(handle.parentElement).toHaveTextContent('$');
  });

  it('saves both, without a typed $, and says so', async () => {
    const { calls } = stubApi({
      'PUT /api/users/payout-settings': { body: { user: aUser({ paypalEmail: 'a@b.co', cashappHandle: 'maya' }) } },
    });
    const { user } = renderDashboard(<PayoutSettingsCard user={aUser()} onUserChange={() => {}} />);

    await user.type(screen.getByLabelText('PayPal Email'), 'a@b.co');
    await user.type(screen.getByLabelText('CashApp Handle'), '$maya');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Payout settings saved')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ paypalEmail: 'a@b.co', cashappHandle: 'maya' });
  });

  it("shows 'Saving...' while pending, and the error toast on failure", async () => {
    stubApi({ 'PUT /api/users/payout-settings': never });
    const { user, unmount } = renderDashboard(<PayoutSettingsCard user={aUser()} onUserChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    unmount();

    stubApi({ 'PUT /api/users/payout-settings': { status: 500 } });
    const second = renderDashboard(<PayoutSettingsCard user={aUser()} onUserChange={() => {}} />);
    await second.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update payout settings. Please try again.')).toBeInTheDocument();
  });

  it('checks the e-mail before sending it', async () => {
    const { calls } = stubApi({});
    const { user } = renderDashboard(<PayoutSettingsCard user={aUser()} onUserChange={() => {}} />);

    await user.type(screen.getByLabelText('PayPal Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please enter a valid PayPal email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
