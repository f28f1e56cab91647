import { act, screen, waitFor, within } from '@testing-library/react';
import { aLink, renderDashboard, stubApi } from '@/test/render-dashboard';
import { UNDO_SECONDS } from '../pending-deletes';
import { LinksCard } from './links-card';

describe('LinksCard', () => {
  it('shows a skeleton while the links load, then the empty state', async () => {
    let answer: (links: unknown[]) => void = () => {};
    stubApi({ 'GET /api/links': () => new Promise((resolve) => (answer = (links) => resolve({ body: links }))) });
    const { user } = renderDashboard(<LinksCard isPremium={false} />);

    expect(screen.getByTestId('links-skeleton')).toBeInTheDocument();
    answer([]);

    expect(await screen.findByText('No links yet')).toBeInTheDocument();
    expect(screen.getByText('Add your first link to get started')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Link' }));
    expect(screen.getByRole('dialog', { name: 'Add New Link' })).toBeInTheDocument();
  });

  it("gives focus back to the header's 'Add Link' when the dialog closes, whichever button opened it", async () => {
    stubApi({ 'GET /api/links': { body: [] } });
    const { user } = renderDashboard(<LinksCard isPremium={false} />);
    const header = screen.getByRole('button', { name: 'Add Link' });

    await user.click(await screen.findByRole('button', { name: 'Add Your First Link' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(header).toHaveFocus();

    await user.click(header);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Add New Link' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(header).toHaveFocus();
  });

  it('lists the links in the order the server gives', async () => {
    stubApi({
      'GET /api/links': { body: [aLink({ title: 'First' }), aLink({ title: 'Second' }), aLink({ title: 'Third' })] },
    });
    renderDashboard(<LinksCard isPremium />);

    const list = await screen.findByRole('list', { name: 'Your links' });
    expect(within(list).getAllByTestId('link-row')).toHaveLength(3);
    const titles = within(list)
      .getAllByRole('button', { name: /^Reorder / })
      .map((button) => button.getAttribute('aria-label'));
    expect(titles).toEqual(['Reorder First', 'Reorder Second', 'Reorder Third']);
  });

  it('shows free creators how many of their 5 links they use, with a way to Premium', async () => {
    stubApi({ 'GET /api/links': { body: [aLink(), aLink()] } });
    renderDashboard(<LinksCard isPremium={false} />);

    expect(await screen.findByText(/2 of 5/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Premium/ })).toHaveAttribute('href', '/subscribe');
  });

  it('refetches the links and tells the page after a change', async () => {
    const link = aLink({ title: 'Blog', isActive: true });
    const { calls } = stubApi({
      'GET /api/links': () => ({ body: [link] }),
      [`PUT /api/links/${link.id}`]: { body: { ...link, isActive: false } },
    });
    const changed = vi.fn(() => Promise.resolve());
    const { user } = renderDashboard(<LinksCard isPremium onLinksChanged={changed} />);

    await user.click(await screen.findByRole('switch', { name: 'Show Blog on your page' }));

    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/links')).toHaveLength(2);
  });
});

describe('LinksCard scheduling', () => {
  it.each([
    [false, true],
    [true, false],
  ])('with isPremium %s, locks the schedule in the add dialog and in each row: %s', async (isPremium, locked) => {
    stubApi({ 'GET /api/links': { body: [aLink({ title: 'Blog', startsAt: null, endsAt: null })] } });
    const { user } = renderDashboard(<LinksCard isPremium={isPremium} />);

    await user.click(await screen.findByRole('button', { name: 'Schedule Blog' }));
    const scheduleDialog = screen.getByRole('dialog', { name: 'Schedule “Blog”' });
    expect(within(scheduleDialog).getByLabelText('Show from')).toHaveProperty('disabled', locked);
    await user.click(within(scheduleDialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const addDialog = screen.getByRole('dialog', { name: 'Add New Link' });
    expect(within(addDialog).getByLabelText('Show from')).toHaveProperty('disabled', locked);
  });
});

describe('LinksCard deleting', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const deletingOne = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const link = aLink({ title: 'Old' });
    const kept = aLink({ title: 'Kept' });
    let deleted = false;
    const api = stubApi({
      'GET /api/links': () => ({ body: deleted ? [kept] : [link, kept] }),
      [`DELETE /api/links/${link.id}`]: () => {
        deleted = true;
        return { body: { message: 'Link deleted' } };
      },
    });
    return { link, ...api, view: renderDashboard(<LinksCard isPremium />) };
  };

  const confirmDelete = async (user: ReturnType<typeof renderDashboard>['user']) => {
    await user.click(await screen.findByRole('button', { name: 'Delete Old' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Old”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  };

  const deletes = (calls: Array<{ method: string }>) => calls.filter((call) => call.method === 'DELETE');

  it(`takes the row away at once and sends the DELETE only when the ${UNDO_SECONDS} seconds to undo are over`, async () => {
    const { link, calls, view } = deletingOne();

    await confirmDelete(view.user);

    expect(await screen.findByText('Link deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Old' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Kept' })).toBeInTheDocument();
    expect(deletes(calls)).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000));

    await waitFor(() => expect(deletes(calls)).toEqual([{ method: 'DELETE', path: `/api/links/${link.id}`, body: undefined }]));
    await waitFor(() => expect(screen.queryByText('Old')).toBeNull());
  });

  it('brings the link back with Undo and never sends the DELETE', async () => {
    const { calls, view } = deletingOne();

    await confirmDelete(view.user);
    await view.user.click(await screen.findByRole('button', { name: 'Undo' }));

    expect(await screen.findByRole('button', { name: 'Delete Old' })).toBeInTheDocument();
    expect(await screen.findByText('Link restored')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 * 2));
    expect(deletes(calls)).toEqual([]);
  });

  it('sends the DELETE with keepalive when the page is left during the Undo time', async () => {
    const { link, fetchMock, view } = deletingOne();

    await confirmDelete(view.user);
    await screen.findByText('Link deleted');
    window.dispatchEvent(new Event('pagehide'));

    const sent = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(sent).toEqual([[`/api/links/${link.id}`, expect.objectContaining({ method: 'DELETE', keepalive: true })]]);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 * 2));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('counts links and embeds toward the free plan, not headers', async () => {
    stubApi({
      'GET /api/links': {
        body: [
          aLink({ kind: 'header', title: 'Music', url: '' }),
          aLink({ kind: 'embed', title: 'Video', url: 'https://youtu.be/dQw4w9WgXcQ' }),
          aLink({ title: 'Shop' }),
        ],
      },
    });
    renderDashboard(<LinksCard isPremium={false} />);

    expect(await screen.findByText('2 of 5')).toBeInTheDocument();
  });
});
