import { screen } from '@testing-library/react';
import { AccountMessages } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { PasswordCard } from './password-card';

const renderCard = () => renderDashboard(<PasswordCard email="maya@example.com" />);

async function fill(user: ReturnType<typeof renderCard>['user'], current: string, next: string, confirm = next) {
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordCard', () => {
  it('has three labelled password fields for password managers', () => {
    stubApi({});
    renderCard();

    expect(screen.getByRole('region', { name: 'Password' })).toHaveTextContent(
      'Changing it signs you out on every other device.',
    );
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('type', 'password');
  });

  it('checks the fields before sending anything', async () => {
    const { calls } = stubApi({});
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(AccountMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveFocus();

    await fill(user, 'old-secret', 'new-secret', 'new-secreT');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows 'Changing...' on a disabled button while the call runs", async () => {
    stubApi({ 'POST /api/auth/password': never });
    const { user } = renderCard();

    await fill(user, 'old-secret', 'new-secret');

    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
  });

  it('shows a wrong current password under that field and keeps every value', async () => {
    stubApi({
      'POST /api/auth/password': {
        status: 400,
        body: { statusCode: 400, message: AccountMessages.currentPasswordWrong },
      },
    });
    const { user } = renderCard();

    await fill(user, 'not-it', 'new-secret');

    expect(await screen.findByText(AccountMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Current Password')).toHaveValue('not-it');
    expect(screen.getByLabelText('New Password')).toHaveValue('new-secret');
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('new-secret');
  });

  it("shows any other refusal (429) with the API's words", async () => {
    stubApi({
      'POST /api/auth/password': {
        status: 429,
        body: { statusCode: 429, message: 'Too many attempts. Please try again in 5 minutes.' },
      },
    });
    const { user } = renderCard();

    await fill(user, 'old-secret', 'new-secret');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 5 minutes.');
    expect(screen.getByLabelText('New Password')).toHaveValue('new-secret');
  });

  it('changes it, says every other device was signed out, and empties the fields', async () => {
    const { calls } = stubApi({
      'POST /api/auth/password': { body: { message: AccountMessages.passwordChanged } },
    });
    const { user } = renderCard();

    await fill(user, 'old-secret', 'new-secret');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password changed. You have been signed out everywhere else.',
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/password',
        body: { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      },
    ]);
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });
});
