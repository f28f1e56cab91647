import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { aLink, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { AddLinkDialog } from './add-link-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <AddLinkDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const openDialog = () => {
  const view = renderDashboard(<Harness />);
  const dialog = screen.getByRole('dialog', { name: 'Add New Link' });
  return {
    ...view,
    dialog,
    title: within(dialog).getByLabelText('Link Title'),
    url: within(dialog).getByLabelText('URL'),
  };
};

describe('AddLinkDialog', () => {
  it('has the spec fields, placeholders and buttons', () => {
    stubApi({});
    const { dialog, title, url } = openDialog();

    expect(title).toHaveAttribute('placeholder', 'My Instagram');
    expect(url).toHaveAttribute('placeholder', 'https://instagram.com/yourname');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Add Link' })).toBeEnabled();
  });

  it('puts https:// in front of the url while typing', async () => {
    stubApi({});
    const { user, url } = openDialog();

    await user.type(url, 'instagram.com/maya');
    expect(url).toHaveValue('https://instagram.com/maya');

    await user.clear(url);
    await user.type(url, 'http://example.com');
    expect(url).toHaveValue('http://example.com');

    await user.clear(url);
    await user.type(url, 'https://example.com');
    expect(url).toHaveValue('https://example.com');
  });

  it('shows the validation messages and sends nothing', async () => {
    const { calls } = stubApi({});
    const { user, dialog, url } = openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();

    await user.type(url, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows 'Adding...' and disables both buttons while saving", async () => {
    stubApi({ 'POST /api/links': never });
    const { user, dialog, title, url } = openDialog();

    await user.type(title, 'My Instagram');
    await user.type(url, 'instagram.com/maya');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));

    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('adds the link with order 0, closes, resets and says so', async () => {
    const { calls } = stubApi({
      'POST /api/links': { status: 201, body: aLink({ title: 'My Instagram' }) },
      'GET /api/links': { body: [] },
    });
    const { user, dialog, title, url } = openDialog();

    await user.type(title, 'My Instagram');
    await user.type(url, 'instagram.com/maya');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));

    expect(await screen.findByText('Link added!')).toBeInTheDocument();
    expect(screen.getByText('Your new link has been added successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'My Instagram',
      url: 'https://instagram.com/maya',
      order: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const reopened = screen.getByRole('dialog', { name: 'Add New Link' });
    expect(within(reopened).getByLabelText('Link Title')).toHaveValue('');
    expect(within(reopened).getByLabelText('URL')).toHaveValue('');
  });

  it("shows the free plan's limit with a way to Premium on the sixth link", async () => {
    const message = 'Free plan is limited to 5 links. Upgrade to Premium for unlimited links.';
    stubApi({ 'POST /api/links': { status: 403, body: { statusCode: 403, message } } });
    const { user, dialog, title, url, router } = openDialog();

    await user.type(title, 'Sixth');
    await user.type(url, 'example.com/6');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const upgrade = within(alert).getByRole('link', { name: /Upgrade to Premium/ });
    expect(upgrade).toHaveAttribute('href', '/subscribe');
    // The toast says it too, titled 'Error'.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Link' })).toBeInTheDocument();

    await user.click(upgrade);
    expect(router.state.location.pathname).toBe('/subscribe');
  });

  it("shows the server's message, else 'Failed to add link'", async () => {
    stubApi({ 'POST /api/links': { status: 500, body: 'oops' } });
    const { user, dialog, title, url } = openDialog();

    await user.type(title, 'Blog');
    await user.type(url, 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));

    expect(await screen.findByText('Failed to add link')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Premium/ })).not.toBeInTheDocument();
  });

  it('closes on Cancel', async () => {
    stubApi({});
    const { user, dialog } = openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
