import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { UserView } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { SeoCard } from './seo-card';

function Harness({ initial }: { initial: UserView }) {
  const [user, setUser] = useState(initial);
  return <SeoCard user={user} onUserChange={setUser} />;
}

describe('SeoCard', () => {
  it("previews today's defaults when nothing is set", () => {
    stubApi({});
    renderDashboard(<Harness initial={aUser({ bio: 'Designer in Lisbon' })} />);
    const search = screen.getByTestId('search-preview');
    expect(within(search).getByText('Maya Chen | Linkbio')).toBeInTheDocument();
    expect(within(search).getByText('Designer in Lisbon')).toBeInTheDocument();
    expect(screen.getByText('0/70 · empty: your name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload share image' })).toBeInTheDocument();
  });

  it('counts and previews as the creator types, then saves', async () => {
    const saved = aUser({ seo: { title: 'Maya designs', description: 'Posters and type', image: null } });
    const { calls } = stubApi({ 'PUT /api/users/seo': { body: { user: saved } } });
    const { user } = renderDashboard(<Harness initial={aUser()} />);

    await user.type(screen.getByLabelText('Title'), 'Maya designs');
    await user.type(screen.getByLabelText('Description'), 'Posters and type');
    expect(screen.getByText('12/70 · empty: your name')).toBeInTheDocument();
    expect(screen.getByText('16/200 · empty: your bio')).toBeInTheDocument();
    expect(within(screen.getByTestId('search-preview')).getByText('Maya designs')).toBeInTheDocument();
    expect(within(screen.getByTestId('share-preview')).getByText('Posters and type')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Search & sharing saved')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ title: 'Maya designs', description: 'Posters and type', image: null });
  });

  it('refuses a title too long before sending it', async () => {
    const { calls } = stubApi({});
    const { user } = renderDashboard(<Harness initial={aUser()} />);
    await user.click(screen.getByLabelText('Title'));
    await user.paste('a'.repeat(71));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title must be at most 70 characters')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when it refuses, and 'Saving...' while pending", async () => {
    stubApi({ 'PUT /api/users/seo': { status: 400, body: { statusCode: 400, message: 'Text cannot contain invalid characters' } } });
    const { user, unmount } = renderDashboard(<Harness initial={aUser()} />);
    await user.type(screen.getByLabelText('Title'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Text cannot contain invalid characters')).length).toBeGreaterThan(0);
    unmount();

    stubApi({ 'PUT /api/users/seo': never });
    const second = renderDashboard(<Harness initial={aUser()} />);
    await second.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it('shows the share image and removes it, keeping the texts', async () => {
    const image = '/objects/users/u/i.png';
    const initial = aUser({ seo: { title: 'T', description: null, image } });
    const { calls } = stubApi({ 'PUT /api/users/seo': { body: { user: aUser({ seo: { title: 'T', description: null, image: null } }) } } });
    const { user } = renderDashboard(<Harness initial={initial} />);
    expect(screen.getByTestId('share-preview').querySelector('img')).toHaveAttribute('src', image);

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(await screen.findByText('Share image removed')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ title: 'T', description: null, image: null });
    expect(screen.getByRole('button', { name: 'Upload share image' })).toBeInTheDocument();
  });
});
