import { screen } from '@testing-library/react';
import { AccountMessages, type UserView } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { ProfileCard } from './profile-card';

const renderCard = (user = aUser({ displayName: 'Maya Chen', bio: 'Designer' })) => {
  const saved: UserView[] = [];
  const view = renderDashboard(<ProfileCard user={user} onUserChange={(next) => saved.push(next)} />);
  return { ...view, saved };
};

describe('ProfileCard', () => {
  it('shows the display name and bio with a 160-character counter', () => {
    stubApi({});
    renderCard();

    expect(screen.getByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Display Name')).toHaveValue('Maya Chen');
    expect(screen.getByLabelText(/^Bio/)).toHaveValue('Designer');
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('8/160');
  });

  it('checks with the sign-up rules and messages before sending anything', async () => {
    const { calls } = stubApi({});
    const { user } = renderCard();

    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), '   ');
    await user.clear(screen.getByLabelText(/^Bio/));
    await user.click(screen.getByLabelText(/^Bio/));
    await user.paste('x'.repeat(161));
    expect(screen.getByTestId('bio-counter')).toHaveTextContent('161/160');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Bio must be at most 160 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Display Name')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it("shows 'Saving...' on a disabled button while the call runs", async () => {
    stubApi({ 'PUT /api/users/profile': never });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it("shows the API's message and keeps what was typed", async () => {
    stubApi({
      'PUT /api/users/profile': {
        status: 400,
        body: { statusCode: 400, message: 'Display name must be at most 50 characters' },
      },
    });
    const { user, saved } = renderCard();

    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), 'Maya C.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Display name must be at most 50 characters');
    expect(screen.getByLabelText('Display Name')).toHaveValue('Maya C.');
    expect(screen.getByLabelText(/^Bio/)).toHaveValue('Designer');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('saves both fields trimmed, says so and hands the saved user on', async () => {
    const answer = aUser({ displayName: 'Maya C.', bio: null });
    const { calls } = stubApi({ 'PUT /api/users/profile': { body: { user: answer } } });
    const { user, saved } = renderCard();

    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), '  Maya C.  ');
    await user.clear(screen.getByLabelText(/^Bio/));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.profileSaved);
    expect(calls).toEqual([{ method: 'PUT', path: '/api/users/profile', body: { displayName: 'Maya C.', bio: '' } }]);
    expect(saved).toEqual([answer]);
    expect(screen.getByLabelText('Display Name')).toHaveValue('Maya C.');
  });
});
