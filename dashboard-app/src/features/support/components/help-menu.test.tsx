import { screen, waitFor, within } from '@testing-library/react';
import { Navbar } from '@/components/layout/navbar';
import { aUser, renderDashboard, stubApi } from '@/test/render-dashboard';

/** The avatar menu's 'Help' entry (spec §2 navigation bar): it opens the support dialog. */
describe('Help in the avatar menu', () => {
  const openMenu = async (isPremium: boolean) => {
    const { calls } = stubApi({
      'GET /api/auth/me': { body: aUser({ isPremium }) },
      'POST /api/support-requests': {
        status: 201,
        body: {
          request: {
            id: 'a3f1c1e0-0000-4000-8000-000000000001',
            subject: 'Question',
            message: 'Hello',
            priority: isPremium,
            status: 'open',
            createdAt: '2026-03-02T12:00:00.000Z',
            closedAt: null,
          },
        },
      },
    });
    const view = renderDashboard(<Navbar />);
    await view.user.click(await screen.findByRole('button', { name: 'Account menu for Maya Chen' }));
    return { ...view, calls, menu: await screen.findByRole('menu') };
  };

  it('sits between View Profile and Sign Out', async () => {
    const { menu } = await openMenu(false);

    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Dashboard', 'Account', 'View Profile', 'Help', 'Sign Out']);
  });

  it('opens the support dialog with the note for a Premium creator, and sends from there', async () => {
    const { user, menu, calls } = await openMenu(true);

    await user.click(within(menu).getByRole('menuitem', { name: 'Help' }));

    const dialog = await screen.findByRole('dialog', { name: 'How can we help?' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Premium: priority support — we reply within one business day'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Subject'), 'Question');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/support-requests', body: { subject: 'Question', message: 'Hello' } },
    ]);
    // The page is usable again once the dialog has closed.
    expect(document.body.style.pointerEvents).not.toBe('none');
  });

  it.each([
    ['Escape', async (user: Awaited<ReturnType<typeof openMenu>>['user']) => user.keyboard('{Escape}')],
    [
      'Cancel',
      async (user: Awaited<ReturnType<typeof openMenu>>['user']) =>
        user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    ],
    [
      'the close button',
      async (user: Awaited<ReturnType<typeof openMenu>>['user']) =>
        user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
    ],
  ])('gives the focus back to the avatar menu button when closed with %s', async (_how, close) => {
    const { user, menu } = await openMenu(false);

    await user.click(within(menu).getByRole('menuitem', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'How can we help?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await close(user);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu for Maya Chen' }));
  });

  it('gives the focus back to the avatar menu button after sending', async () => {
    const { user, menu } = await openMenu(false);

    await user.click(within(menu).getByRole('menuitem', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'How can we help?' });
    await user.type(within(dialog).getByLabelText('Subject'), 'Question');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu for Maya Chen' }));
  });

  it('shows a free creator when to expect the reply', async () => {
    const { user, menu } = await openMenu(false);

    await user.click(within(menu).getByRole('menuitem', { name: 'Help' }));

    const dialog = await screen.findByRole('dialog', { name: 'How can we help?' });
    expect(within(dialog).getByText('We reply within three business days')).toBeInTheDocument();
  });
});
