import { screen, waitFor, within } from '@testing-library/react';
import { aLink, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { DELETE_CONFIRMATION, LinkRow } from './link-row';

const renderRow = (link = aLink()) =>
  renderDashboard(
    <ul>
      <LinkRow link={link} />
    </ul>,
  );

describe('LinkRow', () => {
  it.each([
    ['https://www.instagram.com/maya', 'instagram', 'bg-pink-100'],
    ['https://www.youtube.com/@maya', 'youtube', 'bg-red-100'],
    ['https://m.youtube.com/@maya', 'youtube', 'bg-red-100'],
    ['https://twitter.com/maya', 'twitter', 'bg-slate-900'],
    ['https://x.com/maya', 'twitter', 'bg-slate-900'],
    ['https://www.linkedin.com/in/maya', 'linkedin', 'bg-sky-100'],
    ['https://maya-store.example.com', 'shop', 'bg-emerald-100'],
    ['https://example.org/maya', 'link', 'bg-accent'],
  ])('shows %s with the %s icon and colour', (url, kind, colour) => {
    stubApi({});
    renderRow(aLink({ url, title: 'My link' }));

    const row = screen.getByTestId('link-row');
    const tile = row.querySelector(`[data-kind="${kind}"]`);
    expect(tile).not.toBeNull();
    expect(tile).toHaveClass(colour);
    expect(tile?.querySelector(`svg[data-icon="${kind}"]`)).not.toBeNull();
  });

  it('shows the title, the host name and the total clicks', () => {
    stubApi({});
    renderRow(aLink({ title: 'Watch my videos', url: 'https://www.youtube.com/watch?v=42', clicks: 1234 }));

    const row = screen.getByTestId('link-row');
    expect(within(row).getByText('Watch my videos')).toBeInTheDocument();
    expect(within(row).getByTestId('link-host')).toHaveTextContent(/^www\.youtube\.com$/);
    expect(row).toHaveTextContent('1,234 clicks');
    expect(within(row).getByText('Total')).toBeInTheDocument();
  });

  it('shows the raw url when it cannot be parsed', () => {
    stubApi({});
    renderRow(aLink({ url: 'not really a url' }));

    expect(screen.getByTestId('link-host')).toHaveTextContent('not really a url');
  });

  it('labels every control and opens the link in a new tab', () => {
    stubApi({});
    renderRow(aLink({ title: 'Shop', url: 'https://shop.example.com/' }));

    expect(screen.getByRole('button', { name: 'Reorder Shop' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show Shop on your page' })).toBeChecked();
    const open = screen.getByRole('link', { name: 'Open Shop in a new tab' });
    expect(open).toHaveAttribute('href', 'https://shop.example.com/');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Delete Shop' })).toBeInTheDocument();
  });

  it('disables the switch while its update runs and sends only isActive', async () => {
    const link = aLink({ title: 'Blog', isActive: true });
    const { calls } = stubApi({ [`PUT /api/links/${link.id}`]: never });
    const { user } = renderRow(link);

    const toggle = screen.getByRole('switch', { name: 'Show Blog on your page' });
    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).not.toBeChecked();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/links/${link.id}`,
      body: { isActive: false },
    });
  });

  it('says so when the status cannot be changed, and enables the switch again', async () => {
    const link = aLink({ title: 'Blog' });
    stubApi({ [`PUT /api/links/${link.id}`]: { status: 500, body: { message: 'boom' } } });
    const { user } = renderRow(link);

    const toggle = screen.getByRole('switch', { name: 'Show Blog on your page' });
    await user.click(toggle);

    expect(await screen.findByText('Failed to update link status')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it('asks before deleting and does nothing when the creator says no', async () => {
    const link = aLink({ title: 'Old' });
    const { calls } = stubApi({});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderRow(link);

    await user.click(screen.getByRole('button', { name: 'Delete Old' }));

    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
    expect(DELETE_CONFIRMATION).toBe('Are you sure you want to delete this link?');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('deletes after confirmation and says so', async () => {
    const link = aLink({ title: 'Old' });
    const { calls } = stubApi({
      [`DELETE /api/links/${link.id}`]: { body: { message: 'Link deleted' } },
      'GET /api/links': { body: [] },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderRow(link);

    await user.click(screen.getByRole('button', { name: 'Delete Old' }));

    expect(await screen.findByText('Link deleted')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `/api/links/${link.id}`)).toBe(true);
  });
});
