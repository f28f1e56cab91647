import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { LinkImportMessages, Messages, type LinkImportPreviewView } from '@linkbio/shared-contracts';
import { aLink, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { ImportLinksDialog } from './import-links-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return <ImportLinksDialog open={open} onOpenChange={setOpen} />;
}

const FREE_PREVIEW: LinkImportPreviewView = {
  rows: [
    { title: 'Blog', url: 'https://blog.example', outcome: 'add', reason: null },
    { title: 'Bad', url: 'javascript:alert(1)', outcome: 'skip', reason: LinkImportMessages.skipNotHttp('javascript:') },
    { title: 'Shop', url: 'https://shop.example', outcome: 'add', reason: null },
    { title: 'Extra', url: 'https://extra.example', outcome: 'over-limit', reason: LinkImportMessages.skipOverLimit },
  ],
  limit: 5,
  existing: 3,
  room: 2,
};

const openDialog = () => {
  const view = renderDashboard(<Harness />);
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Import links' }) };
};

describe('ImportLinksDialog', () => {
  it('previews a Linktree address, shows each row’s outcome and the plan, and imports the chosen rows', async () => {
    const { calls } = stubApi({
      'POST /api/imports/preview': { body: FREE_PREVIEW },
      'POST /api/imports/confirm': { status: 201, body: [aLink({ title: 'Blog' }), aLink({ title: 'Shop' })] },
    });
    const { user, dialog } = openDialog();

    await user.type(within(dialog).getByLabelText('Linktree address'), 'https://linktr.ee/sample');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const list = await within(dialog).findByRole('list', { name: 'Links found' });
    expect(calls.find((call) => call.path === '/api/imports/preview')?.body).toEqual({ source: 'linktree', address: 'https://linktr.ee/sample' });
    expect(within(list).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Bloghttps://blog.exampleWill be added',
      `Badjavascript:alert(1)Skipped: ${LinkImportMessages.skipNotHttp('javascript:')}`,
      'Shophttps://shop.exampleWill be added',
      `Extrahttps://extra.exampleSkipped: ${LinkImportMessages.skipOverLimit}`,
    ]);
    expect(within(dialog).getByTestId('import-plan')).toHaveTextContent('The free plan holds 5 links. You have 3, so 2 more links fit.');
    expect(within(dialog).getByRole('link', { name: /Upgrade for unlimited links/ })).toHaveAttribute('href', '/subscribe');
    // The plan is full: the over-limit row can be chosen only in place of another.
    expect(within(list).getByRole('checkbox', { name: 'Extra' })).toBeDisabled();
    await user.click(within(list).getByRole('checkbox', { name: 'Blog' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Extra' }));

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 links' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/imports/confirm')?.body).toEqual({
      rows: [
        { title: 'Shop', url: 'https://shop.example' },
        { title: 'Extra', url: 'https://extra.example' },
      ],
    });
  });

  it('reads a CSV file as text and sends it', async () => {
    const { calls } = stubApi({ 'POST /api/imports/preview': { body: { rows: [], limit: null, existing: 0, room: null } } });
    const { user, dialog } = openDialog();

    await user.click(within(dialog).getByRole('tab', { name: 'CSV file' }));
    const input = within(dialog).getByLabelText('CSV file to import');
    expect(input).toHaveAttribute('accept', '.csv,text/csv');
    await user.upload(input, new File(['title,url\nA,https://a.example\n'], 'links.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('No links found')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ source: 'csv', content: 'title,url\nA,https://a.example\n' });
    expect(within(dialog).getByRole('button', { name: 'Import 0 links' })).toBeDisabled();
  });

  it('takes bookmarks as .html and refuses a file over 2 MB without sending it', async () => {
    const { calls } = stubApi({});
    const { user, dialog } = openDialog();

    await user.click(within(dialog).getByRole('tab', { name: 'Bookmarks' }));
    const input = within(dialog).getByLabelText('Bookmarks file to import');
    expect(input).toHaveAttribute('accept', '.html,.htm,text/html');
    await user.upload(input, new File(['x'.repeat(2 * 1024 * 1024 + 1)], 'bookmarks.html', { type: 'text/html' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText(LinkImportMessages.fileTooLarge)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('asks for an address, shows the server’s message, and says it is reading', async () => {
    let answer: () => void = () => undefined;
    stubApi({
      'POST /api/imports/preview': () =>
        new Promise((done) => {
          answer = () => done({ status: 404, body: { statusCode: 404, message: LinkImportMessages.linktreeNotFound('nobody') } });
        }),
    });
    const { user, dialog } = openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(LinkImportMessages.addressRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Linktree address'), 'linktr.ee/nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('button', { name: 'Reading...' })).toBeDisabled();
    answer();
    expect(await within(dialog).findByText(LinkImportMessages.linktreeNotFound('nobody'))).toBeInTheDocument();
  });

  it('shows the plan’s limit with the way to Premium when the server refuses the import', async () => {
    stubApi({
      'POST /api/imports/preview': { body: FREE_PREVIEW },
      'POST /api/imports/confirm': { status: 403, body: { statusCode: 403, message: Messages.freePlanLinkLimit } },
    });
    const { user, dialog } = openDialog();
    await user.type(within(dialog).getByLabelText('Linktree address'), 'linktr.ee/sample');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 links' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(Messages.freePlanLinkLimit);
    expect(within(alert).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/subscribe');
  });

  it('keeps the dialog open and its buttons off while the import runs', async () => {
    stubApi({ 'POST /api/imports/preview': { body: FREE_PREVIEW }, 'POST /api/imports/confirm': never });
    const { user, dialog } = openDialog();
    await user.type(within(dialog).getByLabelText('Linktree address'), 'linktr.ee/sample');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 links' }));

    expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
  });
});
