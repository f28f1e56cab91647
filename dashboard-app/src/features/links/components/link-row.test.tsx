import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BlockMessages, ScheduleMessages } from '@linkbio/shared-contracts';
import { aLink, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { DELETE_CONFIRMATION, LinkRow } from './link-row';

const renderRow = (link = aLink(), { isPremium = false } = {}) =>
  renderDashboard(
    <ul>
      <LinkRow link={link} isPremium={isPremium} />
    </ul>,
  );

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

const START = '2026-03-02T08:00:00.000Z';
const END = '2026-03-02T16:00:00.000Z';

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

  it('asks in the product’s dialog, not the browser’s, and does nothing when the creator cancels', async () => {
    const link = aLink({ title: 'Old' });
    const { calls } = stubApi({});
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = renderRow(link);

    await user.click(screen.getByRole('button', { name: 'Delete Old' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Old”?' });
    expect(dialog).toHaveTextContent(DELETE_CONFIRMATION);
    expect(DELETE_CONFIRMATION).toBe('Are you sure you want to delete this link?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Delete Old' })).toHaveFocus();
  });

  it.each([
    [0, '0 clicks'],
    [1, '1 click'],
    [2, '2 clicks'],
    [1234, '1,234 clicks'],
  ])('says %i clicks as "%s"', (clicks, text) => {
    stubApi({});
    renderRow(aLink({ clicks }));

    expect(screen.getByTestId('link-row')).toHaveTextContent(new RegExp(`${text}Total`));
  });

  it('shows a header as a section title: no clicks, no address to open', () => {
    stubApi({});
    renderRow(aLink({ kind: 'header', title: 'My music', url: '' }));

    const row = screen.getByTestId('link-row');
    expect(row).toHaveAttribute('data-block', 'header');
    expect(within(row).getByTestId('link-host')).toHaveTextContent('Section title');
    expect(row).not.toHaveTextContent(/clicks?Total/);
    expect(within(row).queryByRole('link', { name: /Open My music/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Edit My music' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reorder My music' })).toBeInTheDocument();
  });

  it.each([
    ['https://youtu.be/dQw4w9WgXcQ', 'YouTube embed'],
    ['https://vimeo.com/76979871', 'Vimeo embed'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'Spotify embed'],
    ['https://soundcloud.com/forss/flickermood', 'SoundCloud embed'],
  ])('shows the embed of %s as a %s with its clicks', (url, label) => {
    stubApi({});
    renderRow(aLink({ kind: 'embed', title: 'New video', url, clicks: 1 }));

    const row = screen.getByTestId('link-row');
    expect(within(row).getByTestId('link-host')).toHaveTextContent(label);
    expect(row.querySelector('[data-kind="embed"]')).toHaveAttribute('title', label);
    expect(row).toHaveTextContent('1 clickTotal');
  });

  describe('edit', () => {
    it('changes a link’s title and URL in a dialog and keeps its clicks', async () => {
      const link = aLink({ title: 'Shpo', url: 'https://maya.store', clicks: 7 });
      const { calls } = stubApi({
        [`PUT /api/links/${link.id}`]: { body: { ...link, title: 'Shop', url: 'https://shop.example.com' } },
        'GET /api/links': { body: [] },
      });
      const { user } = renderRow(link);

      await user.click(screen.getByRole('button', { name: 'Edit Shpo' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Link' });
      const title = within(dialog).getByLabelText('Link Title');
      const url = within(dialog).getByLabelText('URL');
      expect(title).toHaveValue('Shpo');
      expect(url).toHaveValue('https://maya.store');
      await user.clear(title);
      await user.type(title, 'Shop');
      await user.clear(url);
      await user.type(url, 'shop.example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Link updated')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', path: `/api/links/${link.id}`, body: { title: 'Shop', url: 'https://shop.example.com' } },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('renames a header, sending no URL', async () => {
      const header = aLink({ kind: 'header', title: 'Music', url: '' });
      const { calls } = stubApi({
        [`PUT /api/links/${header.id}`]: { body: { ...header, title: 'Videos' } },
        'GET /api/links': { body: [] },
      });
      const { user } = renderRow(header);

      await user.click(screen.getByRole('button', { name: 'Edit Music' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Header' });
      expect(within(dialog).queryByRole('textbox', { name: /URL/ })).toBeNull();
      const title = within(dialog).getByLabelText('Section Title');
      await user.clear(title);
      await user.type(title, 'Videos');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(calls.filter((call) => call.method === 'PUT')).toEqual([
          { method: 'PUT', path: `/api/links/${header.id}`, body: { title: 'Videos' } },
        ]),
      );
    });

    it('shows the server’s message under an embed’s URL that is not one of the services', async () => {
      const embed = aLink({ kind: 'embed', title: 'Video', url: 'https://youtu.be/dQw4w9WgXcQ' });
      const message = BlockMessages.unsupportedEmbed;
      stubApi({ [`PUT /api/links/${embed.id}`]: { status: 400, body: { statusCode: 400, message } } });
      const { user } = renderRow(embed);

      await user.click(screen.getByRole('button', { name: 'Edit Video' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Embed' });
      const url = within(dialog).getByLabelText('YouTube, Vimeo, Spotify or SoundCloud URL');
      await user.clear(url);
      await user.type(url, 'https://example.com/video');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      expect(url).toHaveAccessibleDescription(message);
    });

    it('checks the title before sending anything', async () => {
      const link = aLink({ title: 'Shop' });
      const { calls } = stubApi({});
      const { user } = renderRow(link);

      await user.click(screen.getByRole('button', { name: 'Edit Shop' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Link' });
      await user.clear(within(dialog).getByLabelText('Link Title'));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });
  });

  describe('schedule', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Stops the clock of Date (not the timers) at `now`. */
    const at = (now: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
    };

    it.each([
      [
        'before the start',
        '2026-03-02T07:59:59.999Z',
        'Scheduled',
        'Starts Mar 2, 2026, 9:00 AM GMT+1 · ends Mar 2, 2026, 5:00 PM GMT+1',
      ],
      ['exactly at the start', START, 'Live', 'Until Mar 2, 2026, 5:00 PM GMT+1'],
      ['during the window', '2026-03-02T12:00:00.000Z', 'Live', 'Until Mar 2, 2026, 5:00 PM GMT+1'],
      ['exactly at the end', END, 'Ended', 'Ended Mar 2, 2026, 5:00 PM GMT+1'],
      ['after the end', '2026-03-09T00:00:00.000Z', 'Ended', 'Ended Mar 2, 2026, 5:00 PM GMT+1'],
    ])('shows %s: %s → %p with the times in the creator’s zone', (_case, now, badge, times) => {
      inTimeZone('Europe/Paris');
      at(now);
      stubApi({});
      renderRow(aLink({ title: 'Sale', startsAt: START, endsAt: END }), { isPremium: true });

      const schedule = screen.getByTestId('link-schedule');
      expect(within(schedule).getByText(badge)).toBeInTheDocument();
      expect(schedule).toHaveTextContent(`${badge}${times}`);
    });

    it.each([
      [
        'before the start',
        '2026-03-01T00:00:00.000Z',
        'Scheduled (hidden)',
        'upcoming',
        'Starts Mar 2, 2026, 9:00 AM GMT+1',
      ],
      ['during the window', '2026-03-02T12:00:00.000Z', 'Live (hidden)', 'live', 'Until Mar 2, 2026, 5:00 PM GMT+1'],
      ['after the end', '2026-03-09T00:00:00.000Z', 'Ended', 'ended', 'Ended Mar 2, 2026, 5:00 PM GMT+1'],
    ])('says a switched-off link is hidden %s: %s, in grey, with the times', (_case, now, badge, phase, times) => {
      inTimeZone('Europe/Paris');
      at(now);
      stubApi({});
      renderRow(aLink({ title: 'Sale', isActive: false, startsAt: START, endsAt: END }), { isPremium: true });

      const row = screen.getByTestId('link-row');
      expect(within(row).getByText('Hidden')).toBeInTheDocument();
      const schedule = screen.getByTestId('link-schedule');
      const pill = schedule.querySelector(`[data-phase="${phase}"]`);
      expect(pill).toHaveTextContent(new RegExp(`^${badge.replace(/[()]/g, '\\$&')}$`));
      expect(pill).toHaveClass('bg-muted');
      expect(pill).not.toHaveClass('bg-emerald-100');
      expect(pill).not.toHaveClass('bg-sky-100');
      expect(schedule).toHaveTextContent(times);
    });

    it('says a paused schedule keeps nothing on the page for a switched-off link', () => {
      at('2026-03-01T00:00:00.000Z');
      stubApi({});
      renderRow(aLink({ isActive: false, startsAt: START, endsAt: END }), { isPremium: false });

      const schedule = screen.getByTestId('link-schedule');
      expect(schedule).toHaveTextContent('Schedule paused');
      expect(schedule).toHaveTextContent('Kept for when you return to Premium.');
      expect(schedule).not.toHaveTextContent('the link shows all the time');
    });

    it('turns the badge over at the start and at the end, without a reload', async () => {
      inTimeZone('Europe/Paris');
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2026-03-02T07:59:59.000Z'));
      stubApi({});
      renderRow(aLink({ title: 'Sale', startsAt: START, endsAt: END }), { isPremium: true });
      const badge = () => screen.getByTestId('link-schedule').querySelector('[data-phase]');

      expect(badge()).toHaveTextContent('Scheduled');
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(badge()).toHaveTextContent('Scheduled');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(badge()).toHaveTextContent('Live');
      await act(() => vi.advanceTimersByTimeAsync(8 * 60 * 60 * 1000));
      expect(badge()).toHaveTextContent('Ended');
    });

    it('shows no schedule for an unscheduled link', () => {
      stubApi({});
      renderRow(aLink({ startsAt: null, endsAt: null }), { isPremium: true });

      expect(screen.queryByTestId('link-schedule')).not.toBeInTheDocument();
    });

    it('says a saved schedule is paused while the creator is not premium', () => {
      at('2026-03-01T00:00:00.000Z');
      stubApi({});
      renderRow(aLink({ startsAt: START, endsAt: END }), { isPremium: false });

      const schedule = screen.getByTestId('link-schedule');
      expect(schedule).toHaveTextContent('Schedule paused');
      expect(schedule).not.toHaveTextContent('Scheduled');
    });

    it('schedules a link in the creator’s zone, starting from the saved times', async () => {
      inTimeZone('Europe/Paris');
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: END });
      const { calls } = stubApi({
        [`PUT /api/links/${link.id}`]: { body: link },
        'GET /api/links': { body: [link] },
      });
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog', { name: 'Schedule “Sale”' });
      expect(within(dialog).getByText(/Times in Europe\/Paris/)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Show from')).toHaveValue('2026-03-02T09:00');
      expect(within(dialog).getByLabelText('Show until')).toHaveValue('2026-03-02T17:00');

      await user.clear(within(dialog).getByLabelText('Show until'));
      await user.type(within(dialog).getByLabelText('Show until'), '2026-03-03T18:30');
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: `/api/links/${link.id}`,
        body: { startsAt: START, endsAt: '2026-03-03T17:30:00.000Z' },
      });
    });

    it.each([
      ['Escape', async (user: ReturnType<typeof renderRow>['user']) => user.keyboard('{Escape}')],
      [
        'Cancel',
        async (user: ReturnType<typeof renderRow>['user']) =>
          user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
      ],
      [
        'the close button',
        async (user: ReturnType<typeof renderRow>['user']) =>
          user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
      ],
    ])('gives the focus back to the row’s Schedule button when closed with %s', async (_how, close) => {
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: END });
      stubApi({});
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog', { name: 'Schedule “Sale”' });
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

      await close(user);

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Schedule Sale' }));
    });

    it('gives the focus back to the row’s Schedule button after saving', async () => {
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: END });
      stubApi({ [`PUT /api/links/${link.id}`]: { body: link }, 'GET /api/links': { body: [link] } });
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save schedule' }));

      expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Schedule Sale' }));
    });

    it('clears a schedule by emptying both times', async () => {
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: null });
      const { calls } = stubApi({ [`PUT /api/links/${link.id}`]: { body: link }, 'GET /api/links': { body: [] } });
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      await user.clear(within(dialog).getByLabelText('Show from'));
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      expect(await screen.findByText('Schedule cleared')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ startsAt: null, endsAt: null });
    });

    it('refuses a saved start left half-typed, instead of dropping it, and sends nothing', async () => {
      inTimeZone('Europe/Paris');
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: END });
      const { calls } = stubApi({});
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      const from = within(dialog).getByLabelText('Show from');
      // The creator clears the hour of the saved start: the browser reports '' and badInput.
      reportBadInput(from, true);
      fireEvent.change(from, { target: { value: '' } });
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a complete date and time.');
      expect(from).toHaveAttribute('aria-invalid', 'true');
      expect(from).toHaveAccessibleDescription('Enter a complete date and time.');
      expect(from).toHaveFocus();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('refuses a new end with part of it missing, then saves it once complete', async () => {
      inTimeZone('Europe/Paris');
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: null });
      const { calls } = stubApi({ [`PUT /api/links/${link.id}`]: { body: link }, 'GET /api/links': { body: [link] } });
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      const until = within(dialog).getByLabelText('Show until');
      reportBadInput(until, true);
      fireEvent.input(until, { target: { value: '' } });
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      expect(await within(dialog).findByText('Enter a complete date and time.')).toBeInTheDocument();
      expect(until).toHaveFocus();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

      reportBadInput(until, false);
      fireEvent.change(until, { target: { value: '2026-03-02T17:00' } });
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ startsAt: START, endsAt: END });
    });

    it('refuses an end before the start in the API’s words and sends nothing', async () => {
      const link = aLink({ title: 'Sale', startsAt: null, endsAt: null });
      const { calls } = stubApi({});
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      await user.type(within(dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await user.type(within(dialog).getByLabelText('Show until'), '2026-03-02T08:00');
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('locks the schedule for a free creator, with a way to Premium', async () => {
      const link = aLink({ title: 'Sale', startsAt: null, endsAt: null });
      stubApi({});
      const { user, router } = renderRow(link, { isPremium: false });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByLabelText('Show from')).toBeDisabled();
      expect(within(dialog).getByLabelText('Show until')).toBeDisabled();
      expect(dialog).toHaveTextContent(ScheduleMessages.premiumOnly);
      expect(within(dialog).queryByRole('button', { name: 'Save schedule' })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Clear schedule' })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('link', { name: /Upgrade to Premium/ }));
      expect(router.state.location.pathname).toBe('/subscribe');
    });

    it('lets a creator whose premium ended clear the saved schedule', async () => {
      const link = aLink({ title: 'Sale', startsAt: START, endsAt: END });
      const { calls } = stubApi({ [`PUT /api/links/${link.id}`]: { body: link }, 'GET /api/links': { body: [] } });
      const { user } = renderRow(link, { isPremium: false });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveTextContent('Your saved schedule is kept for when you return to Premium.');
      await user.click(within(dialog).getByRole('button', { name: 'Clear schedule' }));

      expect(await screen.findByText('Schedule cleared')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ startsAt: null, endsAt: null });
    });

    it('shows the server’s Premium refusal with a way to Premium', async () => {
      const link = aLink({ title: 'Sale', startsAt: null, endsAt: null });
      stubApi({
        [`PUT /api/links/${link.id}`]: {
          status: 403,
          body: { statusCode: 403, message: ScheduleMessages.premiumOnly },
        },
      });
      const { user } = renderRow(link, { isPremium: true });

      await user.click(screen.getByRole('button', { name: 'Schedule Sale' }));
      const dialog = screen.getByRole('dialog');
      await user.type(within(dialog).getByLabelText('Show from'), '2026-03-02T09:00');
      await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(ScheduleMessages.premiumOnly);
      expect(within(alert).getByRole('link', { name: /Upgrade to Premium/ })).toHaveAttribute('href', '/subscribe');
    });
  });
});
