import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { CalendarFeedMessages } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { CalendarFeedCard } from './calendar-feed-card';

const OLD = 'https://linkbio.example/calendar/Qk3v_old-feed-token-0123456789abcdefghijklm.ics';
const NEW = 'https://linkbio.example/calendar/Zx9w_new-feed-token-0123456789abcdefghijklm.ics';

const renderCard = () => renderDashboard(<CalendarFeedCard />);

describe('CalendarFeedCard', () => {
  it('shows loading, then the address in a read-only field with how to use it', async () => {
    stubApi({ 'GET /api/users/calendar-feed': { body: { url: OLD } } });
    renderCard();

    expect(screen.getByRole('status', { name: CalendarFeedMessages.loading })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: CalendarFeedMessages.title });
    const field = await within(region).findByLabelText(CalendarFeedMessages.addressLabel);
    expect(field).toHaveValue(OLD);
    expect(field).toHaveAttribute('readonly');
    expect(within(region).getByText(CalendarFeedMessages.explanation)).toBeInTheDocument();
  });

  it('copies the address to the clipboard and says so', async () => {
    stubApi({ 'GET /api/users/calendar-feed': { body: { url: OLD } } });
    const { user } = renderCard();
    // After user-event's set-up, which puts its own clipboard in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(await screen.findByRole('button', { name: CalendarFeedMessages.copy }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(await screen.findByText(CalendarFeedMessages.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(OLD);
  });

  it('says so when copying does not work, so the address can be copied by hand', async () => {
    stubApi({ 'GET /api/users/calendar-feed': { body: { url: OLD } } });
    const { user } = renderCard();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));

    await user.click(await screen.findByRole('button', { name: CalendarFeedMessages.copy }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CalendarFeedMessages.copyFailed);
    expect(screen.queryByText(CalendarFeedMessages.copied)).not.toBeInTheDocument();
  });

  it('replaces the address only once confirmed, then shows the new one', async () => {
    const { calls } = stubApi({
      'GET /api/users/calendar-feed': { body: { url: OLD } },
      'POST /api/users/calendar-feed/replace': { body: { url: NEW } },
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: CalendarFeedMessages.replace }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CalendarFeedMessages.replaceConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: CalendarFeedMessages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByLabelText(CalendarFeedMessages.addressLabel)).toHaveValue(OLD);

    await user.click(screen.getByRole('button', { name: CalendarFeedMessages.replace }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: CalendarFeedMessages.replaceConfirmButton,
      }),
    );
    await waitFor(() => expect(screen.getByLabelText(CalendarFeedMessages.addressLabel)).toHaveValue(NEW));
    expect(screen.getByText(CalendarFeedMessages.replaced)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/users/calendar-feed/replace',
    ]);
  });

  it('keeps the dialog open with the reason when the replacement fails, the address unchanged', async () => {
    stubApi({
      'GET /api/users/calendar-feed': { body: { url: OLD } },
      'POST /api/users/calendar-feed/replace': {
        status: 500,
        body: { statusCode: 500, message: 'Something went wrong' },
      },
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: CalendarFeedMessages.replace }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: CalendarFeedMessages.replaceConfirmButton }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByLabelText(CalendarFeedMessages.addressLabel)).toHaveValue(OLD);
  });

  it('disables both buttons of the dialog while the replacement is asked for', async () => {
    stubApi({ 'GET /api/users/calendar-feed': { body: { url: OLD } }, 'POST /api/users/calendar-feed/replace': never });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: CalendarFeedMessages.replace }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: CalendarFeedMessages.replaceConfirmButton }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: CalendarFeedMessages.replaceConfirmButton })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: CalendarFeedMessages.cancel })).toBeDisabled();
  });

  it('says when the address cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /api/users/calendar-feed': () =>
        fail ? { status: 500, body: { statusCode: 500, message: 'Something went wrong' } } : { body: { url: OLD } },
    });
    const { user } = renderCard();

    expect(await screen.findByRole('alert')).toHaveTextContent(CalendarFeedMessages.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: CalendarFeedMessages.retry }));
    expect(await screen.findByLabelText(CalendarFeedMessages.addressLabel)).toHaveValue(OLD);
  });
});
