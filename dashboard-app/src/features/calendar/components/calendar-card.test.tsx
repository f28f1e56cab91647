import { screen, waitFor } from '@testing-library/react';
import { CalendarMessages, type CalendarConnectionView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { CalendarCard } from './calendar-card';

const URL_ = 'https://dav.example.com/calendars/sam/work/';
const CONNECTED: CalendarConnectionView = { url: URL_, username: 'sam', writeSessions: false, lastReadAt: '2026-03-02T12:00:00.000Z', lastError: null };

const renderCard = () => renderDashboard(<CalendarCard />);

describe('CalendarCard', () => {
  it('shows loading, then an empty form to connect with, saying Google and Outlook are not covered', async () => {
    stubApi({ 'GET /api/users/calendar-connection': { body: null } });
    renderCard();
    expect(screen.getByRole('status', { name: 'Loading your calendar' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(screen.getByLabelText('Calendar address')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Add my sessions to this calendar' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.getByText(/Google Calendar and Outlook need their own sign-in/)).toBeInTheDocument();
  });

  it('says what is missing before sending anything, in the API’s words', async () => {
    const { calls } = stubApi({ 'GET /api/users/calendar-connection': { body: null } });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(CalendarMessages.url)).toBeInTheDocument();
    expect(screen.getByText(CalendarMessages.username)).toBeInTheDocument();
    expect(screen.getByText(CalendarMessages.password)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('connects with the app password and the switch, shows the server’s refusal in place, then the status', async () => {
    let answer: { status?: number; body: unknown } = { status: 400, body: { statusCode: 400, message: CalendarMessages.refused } };
    const { calls } = stubApi({
      'GET /api/users/calendar-connection': { body: null },
      'PUT /api/users/calendar-connection': () => answer,
    });
    const { user } = renderCard();
    await user.type(await screen.findByLabelText('Calendar address'), URL_);
    await user.type(screen.getByLabelText('User name'), 'sam');
    await user.type(screen.getByLabelText('App password'), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('switch', { name: 'Add my sessions to this calendar' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(CalendarMessages.refused)).toBeInTheDocument();

    answer = { body: { ...CONNECTED, writeSessions: true } };
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/Connected: last read/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { url: URL_, username: 'sam', password: 'abcd-efgh-ijkl', writeSessions: true },
      { url: URL_, username: 'sam', password: 'abcd-efgh-ijkl', writeSessions: true },
    ]);
    expect(screen.getByLabelText('App password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the last error beside the status; switching sessions on keeps the password; disconnects', async () => {
    const { calls } = stubApi({
      'GET /api/users/calendar-connection': { body: { ...CONNECTED, lastError: CalendarMessages.unreachable } },
      'PUT /api/users/calendar-connection': ({ body }) => ({ body: { ...CONNECTED, ...(body as object), lastError: null } }),
      'DELETE /api/users/calendar-connection': { body: { message: CalendarMessages.disconnected } },
    });
    const { user } = renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(CalendarMessages.unreachable);
    expect(screen.getByLabelText('Calendar address')).toHaveValue(URL_);
    expect(screen.getByLabelText('App password')).toHaveValue('');

    await user.click(screen.getByRole('switch', { name: 'Add my sessions to this calendar' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ url: URL_, username: 'sam', writeSessions: true });

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(screen.queryByText(/Connected/)).toBeNull();
  });

  it('shows the load error with a way to try again', async () => {
    stubApi({ 'GET /api/users/calendar-connection': { status: 500, body: { statusCode: 500, message: 'Something went wrong' } } });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it("shows 'Connecting...' on a disabled button while the calendar is read", async () => {
    stubApi({ 'GET /api/users/calendar-connection': { body: null }, 'PUT /api/users/calendar-connection': never });
    const { user } = renderCard();
    await user.type(await screen.findByLabelText('Calendar address'), URL_);
    await user.type(screen.getByLabelText('User name'), 'sam');
    await user.type(screen.getByLabelText('App password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('button', { name: 'Connecting...' })).toBeDisabled();
  });
});
