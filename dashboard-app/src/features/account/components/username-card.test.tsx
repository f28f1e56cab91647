import { screen, waitFor, within } from '@testing-library/react';
import { AccountMessages, type UserView } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { UsernameCard } from './username-card';

const host = window.location.host;

const renderCard = () => {
  const saved: UserView[] = [];
  const view = renderDashboard(
    <UsernameCard user={aUser({ username: 'maya' })} onUserChange={(next) => saved.push(next)} />,
  );
  return { ...view, saved };
};

/** Types a new name and asks to change it; returns the confirmation dialog. */
async function askFor(user: ReturnType<typeof renderCard>['user'], username: string) {
  await user.clear(screen.getByLabelText('New Username'));
  await user.type(screen.getByLabelText('New Username'), username);
  await user.click(screen.getByRole('button', { name: 'Change username' }));
  return screen.findByRole('dialog', { name: 'Change your username?' });
}

describe('UsernameCard', () => {
  it('shows the page address and that the old one forwards for 30 days', () => {
    stubApi({});
    renderCard();

    const card = screen.getByRole('region', { name: 'Username' });
    expect(within(card).getByTestId('current-address')).toHaveTextContent(`${host}/maya`);
    expect(within(card).getByRole('link', { name: /opens in a new tab/ })).toHaveAttribute('href', '/maya');
    expect(card).toHaveTextContent('the old address forwards to the new one for 30 days');
    expect(screen.getByLabelText('New Username')).toHaveValue('maya');
  });

  it('checks the name with the sign-up messages, and refuses the same name, without a call', async () => {
    const { calls } = stubApi({});
    const { user } = renderCard();

    await user.clear(screen.getByLabelText('New Username'));
    await user.type(screen.getByLabelText('New Username'), 'Ma');
    await user.click(screen.getByRole('button', { name: 'Change username' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Username'));
    await user.type(screen.getByLabelText('New Username'), 'Maya!');
    await user.click(screen.getByRole('button', { name: 'Change username' }));
    expect(
      await screen.findByText('Username can only contain lowercase letters, numbers, and hyphens'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Username'));
    await user.type(screen.getByLabelText('New Username'), 'maya');
    await user.click(screen.getByRole('button', { name: 'Change username' }));
    expect(await screen.findByText(AccountMessages.usernameUnchanged)).toBeInTheDocument();
    expect(screen.getByLabelText('New Username')).toHaveAttribute('aria-invalid', 'true');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('asks before renaming; Cancel sends nothing', async () => {
    const { calls } = stubApi({});
    const { user } = renderCard();

    const dialog = await askFor(user, 'maya-chen');
    expect(dialog).toHaveTextContent(`From${host}/maya`);
    expect(dialog).toHaveTextContent(`To${host}/maya-chen`);
    expect(dialog).toHaveTextContent('For the next 30 days, visitors who open the old address are sent to the new one');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('New Username')).toHaveValue('maya-chen');
    expect(calls).toEqual([]);
  });

  it("shows 'Changing...' on disabled buttons while the call runs", async () => {
    stubApi({ 'PUT /api/users/username': never });
    const { user } = renderCard();

    const dialog = await askFor(user, 'maya-chen');
    await user.click(within(dialog).getByRole('button', { name: 'Change username' }));

    expect(await within(dialog).findByRole('button', { name: 'Changing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it("shows the API's refusal under the field and keeps the name typed", async () => {
    stubApi({
      'PUT /api/users/username': { status: 409, body: { statusCode: 409, message: 'Username is already taken' } },
    });
    const { user, saved } = renderCard();

    const dialog = await askFor(user, 'taken-name');
    await user.click(within(dialog).getByRole('button', { name: 'Change username' }));

    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('New Username')).toHaveValue('taken-name');
    expect(screen.getByLabelText('New Username')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });

  it('shows other failures above the button (a 503 says to try again shortly)', async () => {
    stubApi({
      'PUT /api/users/username': {
        status: 503,
        body: { statusCode: 503, message: 'This is not available right now. Please try again in a moment.' },
      },
    });
    const { user } = renderCard();

    const dialog = await askFor(user, 'maya-chen');
    await user.click(within(dialog).getByRole('button', { name: 'Change username' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not available right now. Please try again in a moment.',
    );
    expect(screen.getByLabelText('New Username')).toHaveValue('maya-chen');
  });

  it("renames, shows the API's message and hands the renamed user on", async () => {
    const renamed = aUser({ username: 'maya-chen' });
    const { calls } = stubApi({
      'PUT /api/users/username': { body: { user: renamed, message: AccountMessages.usernameChanged('maya-chen') } },
    });
    const { user, saved } = renderCard();

    const dialog = await askFor(user, 'maya-chen');
    await user.click(within(dialog).getByRole('button', { name: 'Change username' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your page is now at /maya-chen. The old address forwards there for 30 days.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: 'PUT', path: '/api/users/username', body: { username: 'maya-chen' } }]);
    expect(saved).toEqual([renamed]);
  });
});
