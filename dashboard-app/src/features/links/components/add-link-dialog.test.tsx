import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ScheduleMessages } from '@linkbio/shared-contracts';
import { aLink, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { AddLinkDialog } from './add-link-dialog';

function Harness({ isPremium = false }: { isPremium?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <AddLinkDialog open={open} onOpenChange={setOpen} isPremium={isPremium} />
    </>
  );
}

/** The browser's time zone, as Intl reports it to the dashboard. */
const inTimeZone = (timeZone: string) => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
};

/**
 * What a browser reports for a datetime-local field with part of its date or time still empty: the value '' and
 * validity.badInput. jsdom has no such state, so the field's validity is set by hand.
 */
const reportBadInput = (input: HTMLElement, badInput: boolean) =>
  Object.defineProperty(input, 'validity', { configurable: true, value: { valid: !badInput, badInput } });

const openDialog = ({ isPremium = false } = {}) => {
  const view = renderDashboard(<Harness isPremium={isPremium} />);
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
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes on Cancel', async () => {
    stubApi({});
    const { user, dialog } = openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('scheduling (Premium)', () => {
    const fillLink = async (
      user: ReturnType<typeof openDialog>['user'],
      { title, url }: { title: HTMLElement; url: HTMLElement },
    ) => {
      await user.type(title, 'Spring sale');
      await user.type(url, 'example.com/sale');
    };

    it('says which time zone the times are in and sends them as instants', async () => {
      inTimeZone('Europe/Paris');
      const { calls } = stubApi({
        'POST /api/links': { status: 201, body: aLink({ title: 'Spring sale' }) },
        'GET /api/links': { body: [] },
      });
      const view = openDialog({ isPremium: true });

      expect(within(view.dialog).getByText(/Times in Europe\/Paris/)).toBeInTheDocument();
      await fillLink(view.user, view);
      await view.user.type(within(view.dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await view.user.type(within(view.dialog).getByLabelText('Show until'), '2026-07-02T17:30');
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      expect(await screen.findByText('Link added!')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Spring sale',
        url: 'https://example.com/sale',
        order: 0,
        startsAt: '2026-03-02T08:00:00.000Z',
        endsAt: '2026-07-02T15:30:00.000Z',
      });
    });

    it('reads the same wall time in another zone as another instant', async () => {
      inTimeZone('America/New_York');
      const { calls } = stubApi({ 'POST /api/links': never });
      const view = openDialog({ isPremium: true });

      expect(within(view.dialog).getByText(/Times in America\/New_York/)).toBeInTheDocument();
      await fillLink(view.user, view);
      await view.user.type(within(view.dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      await waitFor(() =>
        expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
          startsAt: '2026-03-02T14:00:00.000Z',
        }),
      );
      expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('endsAt');
    });

    it('refuses an end that is not after the start, in the API’s words, and sends nothing', async () => {
      inTimeZone('Europe/Paris');
      const { calls } = stubApi({});
      const view = openDialog({ isPremium: true });

      await fillLink(view.user, view);
      await view.user.type(within(view.dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await view.user.type(within(view.dialog).getByLabelText('Show until'), '2026-03-02T09:00');
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      expect(await within(view.dialog).findByText('The end must be after the start.')).toBeInTheDocument();
      expect(within(view.dialog).getByLabelText('Show until')).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('refuses a start with part of its date or time missing, instead of showing the link at once', async () => {
      inTimeZone('Europe/Paris');
      const { calls } = stubApi({
        'POST /api/links': { status: 201, body: aLink({ title: 'Spring sale' }) },
        'GET /api/links': { body: [] },
      });
      const view = openDialog({ isPremium: true });
      const from = within(view.dialog).getByLabelText('Show from');

      await fillLink(view.user, view);
      // The creator types a day and a month but no year: the browser still says '', as for an empty field.
      reportBadInput(from, true);
      fireEvent.input(from, { target: { value: '' } });
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      expect(await within(view.dialog).findByRole('alert')).toHaveTextContent('Enter a complete date and time.');
      expect(from).toHaveAttribute('aria-invalid', 'true');
      expect(from).toHaveAccessibleDescription('Enter a complete date and time.');
      expect(from).toHaveFocus();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

      // Once complete, it goes.
      reportBadInput(from, false);
      fireEvent.change(from, { target: { value: '2026-03-02T09:00' } });
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      expect(await screen.findByText('Link added!')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        startsAt: '2026-03-02T08:00:00.000Z',
      });
    });

    it('refuses an end left half-typed after a part of it was cleared, and sends nothing', async () => {
      inTimeZone('Europe/Paris');
      const { calls } = stubApi({});
      const view = openDialog({ isPremium: true });
      const until = within(view.dialog).getByLabelText('Show until');

      await fillLink(view.user, view);
      await view.user.type(within(view.dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await view.user.type(until, '2026-03-09T09:00');
      // The creator clears the day: the browser reports '' and badInput.
      reportBadInput(until, true);
      fireEvent.change(until, { target: { value: '' } });
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      expect(await within(view.dialog).findByText('Enter a complete date and time.')).toBeInTheDocument();
      expect(until).toHaveAttribute('aria-invalid', 'true');
      expect(until).toHaveFocus();
      expect(within(view.dialog).getByLabelText('Show from')).not.toHaveAttribute('aria-invalid');
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('moves the focus to the first field with a message', async () => {
      inTimeZone('Europe/Paris');
      stubApi({});
      const view = openDialog({ isPremium: true });
      const until = within(view.dialog).getByLabelText('Show until');

      reportBadInput(until, true);
      fireEvent.input(until, { target: { value: '' } });
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      expect(await within(view.dialog).findByText('Title is required')).toBeInTheDocument();
      expect(within(view.dialog).getByText('Enter a complete date and time.')).toBeInTheDocument();
      expect(view.title).toHaveFocus();
    });

    it('shows the server’s refusal of the dates in the schedule', async () => {
      stubApi({
        'POST /api/links': { status: 400, body: { statusCode: 400, message: ScheduleMessages.outOfRange } },
      });
      const view = openDialog({ isPremium: true });

      await fillLink(view.user, view);
      await view.user.type(within(view.dialog).getByLabelText('Show until'), '2099-03-02T09:00');
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      const group = within(view.dialog).getByRole('group', { name: 'Schedule (optional)' });
      expect(await within(group).findByText('Schedule dates must be within ten years from now.')).toBeInTheDocument();
    });

    it('locks the schedule for a free creator, with a way to Premium, and sends no schedule', async () => {
      inTimeZone('Europe/Paris');
      const { calls } = stubApi({
        'POST /api/links': { status: 201, body: aLink() },
        'GET /api/links': { body: [] },
      });
      const view = openDialog({ isPremium: false });

      const group = within(view.dialog).getByRole('group', { name: 'Schedule (optional)' });
      expect(within(group).getByLabelText('Show from')).toBeDisabled();
      expect(within(group).getByLabelText('Show until')).toBeDisabled();
      expect(group).toHaveTextContent('Scheduling links is part of Premium. Upgrade to schedule when a link appears.');
      const upgrade = within(group).getByRole('link', { name: /Upgrade to Premium/ });
      expect(upgrade).toHaveAttribute('href', '/subscribe');

      await fillLink(view.user, view);
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));
      expect(await screen.findByText('Link added!')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Spring sale',
        url: 'https://example.com/sale',
        order: 0,
      });
    });

    it('shows the server’s Premium refusal with a way to Premium', async () => {
      stubApi({
        'POST /api/links': { status: 403, body: { statusCode: 403, message: ScheduleMessages.premiumOnly } },
      });
      const view = openDialog({ isPremium: true });

      await fillLink(view.user, view);
      await view.user.type(within(view.dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Link' }));

      const alert = await within(view.dialog).findByRole('alert');
      expect(alert).toHaveTextContent(ScheduleMessages.premiumOnly);
      expect(within(alert).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/subscribe');
    });
  });
});

describe('AddLinkDialog kinds', () => {
  const pick = async (user: ReturnType<typeof openDialog>['user'], dialog: HTMLElement, name: string) =>
    user.click(within(dialog).getByRole('radio', { name }));

  it('offers Link, Header and Embed, Link first', () => {
    stubApi({});
    const { dialog } = openDialog();

    const kinds = within(dialog).getAllByRole('radio');
    expect(kinds.map((radio) => radio.closest('label')?.textContent)).toEqual(['Link', 'Header', 'Embed']);
    expect(within(dialog).getByRole('radio', { name: 'Link' })).toBeChecked();
  });

  it('adds a header with a title only', async () => {
    const { calls } = stubApi({ 'POST /api/links': { status: 201, body: aLink({ kind: 'header', url: '' }) }, 'GET /api/links': { body: [] } });
    const { user, dialog } = openDialog();

    await pick(user, dialog, 'Header');
    expect(within(dialog).queryByLabelText('URL')).toBeNull();
    await user.type(within(dialog).getByLabelText('Section Title'), 'My music');
    await user.click(within(dialog).getByRole('button', { name: 'Add Header' }));

    expect(await screen.findByText('Header added!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/links', body: { kind: 'header', title: 'My music', order: 0 } },
    ]);
  });

  it('adds an embed without a title (the service names it) and shows the server’s message under its URL', async () => {
    const message = 'Embeds work with YouTube, Vimeo, Spotify and SoundCloud. Paste the address of a video, track, album, playlist or episode there.';
    let answer: { status: number; body: unknown } = { status: 400, body: { statusCode: 400, message } };
    const { calls } = stubApi({ 'POST /api/links': () => answer, 'GET /api/links': { body: [] } });
    const { user, dialog } = openDialog();

    await pick(user, dialog, 'Embed');
    const url = within(dialog).getByLabelText('YouTube, Vimeo, Spotify or SoundCloud URL');
    await user.type(url, 'example.com/video');
    await user.click(within(dialog).getByRole('button', { name: 'Add Embed' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();

    answer = { status: 201, body: aLink({ kind: 'embed' }) };
    await user.clear(url);
    await user.type(url, 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Embed' }));

    expect(await screen.findByText('Embed added!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      kind: 'embed',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      order: 0,
    });
  });
});
