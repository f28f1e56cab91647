import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { UserView } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { SocialsCard } from './socials-card';

/** The card as the dashboard holds it: the answered user becomes the card's user. */
function Harness({ initial }: { initial: UserView }) {
  const [user, setUser] = useState(initial);
  return <SocialsCard user={user} onUserChange={setUser} />;
}

const withSocials = (socials: UserView['socials'], position: UserView['socialsPosition'] = 'top') =>
  aUser({ socials, socialsPosition: position });

describe('SocialsCard', () => {
  it('shows the empty state and the platforms to choose from', () => {
    stubApi({});
    renderDashboard(<Harness initial={aUser()} />);
    expect(screen.getByText('No social icons yet. Add your first profile below.')).toBeInTheDocument();
    const options = within(screen.getByLabelText('Platform')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['Instagram', 'TikTok', 'Mastodon', 'E-mail', 'Website']));
    expect(options).toHaveLength(22);
    expect(screen.getByRole('radio', { name: 'At the top, under your bio' })).toBeChecked();
  });

  it('adds a platform from a handle, sending the whole list, and lists it', async () => {
    const saved = withSocials([
      { platform: 'x', url: 'https://x.com/maya' },
      { platform: 'instagram', url: 'https://instagram.com/maya' },
    ]);
    const { calls } = stubApi({ 'PUT /api/users/socials': { body: { user: saved } } });
    const { user } = renderDashboard(<Harness initial={withSocials([{ platform: 'x', url: 'https://x.com/maya' }])} />);

    await user.selectOptions(screen.getByLabelText('Platform'), 'instagram');
    await user.type(screen.getByLabelText('Address or handle'), '@maya');
    await user.click(screen.getByRole('button', { name: 'Add icon' }));

    expect(await screen.findByText('Social icons saved')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      socials: [
        { platform: 'x', url: 'https://x.com/maya' },
        { platform: 'instagram', url: 'https://instagram.com/maya' },
      ],
      position: 'top',
    });
    const list = screen.getByRole('list', { name: 'Your social icons' });
    expect(within(list).getByText('Instagram')).toBeInTheDocument();
    // A platform already in the list is no longer offered.
    expect(within(screen.getByLabelText('Platform')).queryByRole('option', { name: 'X' })).toBeNull();
  });

  it('checks the address as the server does, without sending it', async () => {
    const { calls } = stubApi({});
    const { user } = renderDashboard(<Harness initial={aUser()} />);
    await user.selectOptions(screen.getByLabelText('Platform'), 'instagram');
    await user.type(screen.getByLabelText('Address or handle'), 'https://tiktok.com/@maya');
    await user.click(screen.getByRole('button', { name: 'Add icon' }));
    expect(await screen.findByText("That isn't an Instagram address")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when it refuses", async () => {
    stubApi({
      'PUT /api/users/socials': { status: 400, body: { statusCode: 400, message: 'You can show at most 12 social icons' } },
    });
    const { user } = renderDashboard(<Harness initial={aUser()} />);
    await user.selectOptions(screen.getByLabelText('Platform'), 'github');
    await user.type(screen.getByLabelText('Address or handle'), 'maya');
    await user.click(screen.getByRole('button', { name: 'Add icon' }));
    expect((await screen.findAllByText('You can show at most 12 social icons')).length).toBeGreaterThan(0);
  });

  it('removes, moves and places the row', async () => {
    const list = [
      { platform: 'x', url: 'https://x.com/maya' },
      { platform: 'github', url: 'https://github.com/maya' },
    ] as UserView['socials'];
    const { calls } = stubApi({ 'PUT /api/users/socials': { body: { user: withSocials(list) } } });
    const { user } = renderDashboard(<Harness initial={withSocials(list)} />);

    await user.click(screen.getByRole('button', { name: 'Move GitHub up' }));
    await user.click(screen.getByRole('button', { name: 'Remove X' }));
    await user.click(screen.getByRole('radio', { name: 'At the bottom of the page' }));

    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.body)).toEqual([
      { socials: [list[1], list[0]], position: 'top' },
      { socials: [list[1]], position: 'top' },
      { socials: list, position: 'bottom' },
    ]);
  });

  it("shows 'Saving...' while pending", async () => {
    stubApi({ 'PUT /api/users/socials': never });
    const { user } = renderDashboard(<Harness initial={aUser()} />);
    await user.type(screen.getByLabelText('Address or handle'), '@maya');
    await user.click(screen.getByRole('button', { name: 'Add icon' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
