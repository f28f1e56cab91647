import { screen, waitFor, within } from '@testing-library/react';
import { aLink, renderDashboard, stubApi } from '@/test/render-dashboard';
import { LinkThumbnailButton } from './link-thumbnail-button';

const THUMB = '/objects/users/0b8f1c1e-4a57-4e33-9a55-5d1bb1a7d000/6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11.webp';

describe('LinkThumbnailButton', () => {
  it('without a thumbnail, opens the upload dialog for this link', async () => {
    stubApi({});
    const view = renderDashboard(<LinkThumbnailButton link={aLink({ title: 'My shop' })} />);

    await view.user.click(screen.getByRole('button', { name: 'Add a thumbnail to My shop' }));

    const dialog = await screen.findByRole('dialog', { name: 'Thumbnail for My shop' });
    expect(await within(dialog).findByText(/JPG, PNG, WebP or GIF up to 5MB/)).toBeInTheDocument();
  });

  it('shows the thumbnail, and its menu replaces or removes it', async () => {
    const link = aLink({ title: 'My shop', thumbnail: THUMB });
    const { calls } = stubApi({ [`DELETE /api/links/${link.id}/thumbnail`]: { body: { ...link, thumbnail: null } } });
    const view = renderDashboard(<LinkThumbnailButton link={link} />);

    const button = screen.getByRole('button', { name: 'Thumbnail of My shop: replace or remove' });
    expect(button.querySelector('img')).toHaveAttribute('src', THUMB);
    await view.user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual(['Replace thumbnail', 'Remove thumbnail']);
    await view.user.click(within(menu).getByRole('menuitem', { name: 'Remove thumbnail' }));

    expect(await screen.findByText('Thumbnail removed')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: `/api/links/${link.id}/thumbnail`, body: undefined });
  });

  it('is busy while the thumbnail is being removed, and says why when that fails', async () => {
    const link = aLink({ title: 'My shop', thumbnail: THUMB });
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    stubApi({ [`DELETE /api/links/${link.id}/thumbnail`]: () => new Promise((resolve) => (answer = resolve)) });
    const view = renderDashboard(<LinkThumbnailButton link={link} />);

    await view.user.click(screen.getByRole('button', { name: 'Thumbnail of My shop: replace or remove' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Remove thumbnail' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Thumbnail of My shop: replace or remove' })).toBeDisabled());
    answer({ status: 404, body: { statusCode: 404, message: 'Link not found' } });
    expect(await screen.findByText('Link not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thumbnail of My shop: replace or remove' })).toBeEnabled();
  });
});
