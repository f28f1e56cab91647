import { screen, waitFor, within } from '@testing-library/react';
import { AccountMessages, type SessionView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi, type ApiCall } from '@/test/render-dashboard';
import { SessionsCard } from './sessions-card';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const thisDevice: SessionView = {
  id: 'session-this',
  browser: 'Firefox on Linux',
  signedInAt: '2026-03-01T09:30:00.000Z',
  lastSeenAt: minutesAgo(0),
  current: true,
};
const phone: SessionView = {
  id: 'session-phone',
  browser: 'Safari on iPhone',
  signedInAt: '2026-02-20T18:00:00.000Z',
  lastSeenAt: minutesAgo(5),
  current: false,
};
const laptop: SessionView = {
  id: 'session-laptop',
  browser: 'Chrome on Windows',
  signedInAt: '2026-01-10T08:00:00.000Z',
  lastSeenAt: minutesAgo(3 * 24 * 60),
  current: false,
};

/** GET /api/auth/sessions answers each list in turn (the last one from then on). */
const listing = (...lists: SessionView[][]) => {
  let call = 0;
  return () => ({ body: { sessions: lists[Math.min(call++, lists.length - 1)] } });
};

const gets = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET');
const rows = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

describe('SessionsCard', () => {
  it('shows placeholders while the devices load', () => {
    stubApi({ 'GET /api/auth/sessions': never });
    renderDashboard(<SessionsCard />);

    expect(screen.getByRole('status', { name: 'Loading your devices' })).toBeInTheDocument();
  });

  it('lists each device with browser, sign-in and last activity; this device is marked and first', async () => {
    stubApi({ 'GET /api/auth/sessions': { body: { sessions: [phone, thisDevice, laptop] } } });
    renderDashboard(<SessionsCard />);

    await screen.findByRole('list', { name: 'Signed-in devices' });
    const [first, second, third] = rows();
    expect(first).toHaveTextContent('Firefox on Linux');
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('Active now');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Safari on iPhone');
    expect(second).toHaveTextContent(/Signed in Feb 20, 2026/);
    expect(second).toHaveTextContent('Last active 5 minutes ago');
    expect(second).not.toHaveTextContent('This device');
    expect(third).toHaveTextContent('Last active 3 days ago');
    expect(within(third!).getByRole('button', { name: 'Sign out Chrome on Windows' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled();
  });

  it('signs one other device out, says so and fetches the list again', async () => {
    const { calls } = stubApi({
      'GET /api/auth/sessions': listing([thisDevice, phone, laptop], [thisDevice, laptop]),
      'DELETE /api/auth/sessions/session-phone': { body: { message: AccountMessages.sessionEnded } },
    });
    const { user } = renderDashboard(<SessionsCard />);

    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.sessionEnded);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/auth/sessions/session-phone', body: undefined },
    ]);
    expect(gets(calls)).toHaveLength(2);
  });

  it("shows 'Signing out...' and waits while a device is signed out", async () => {
    stubApi({
      'GET /api/auth/sessions': { body: { sessions: [thisDevice, phone, laptop] } },
      'DELETE /api/auth/sessions/session-phone': never,
    });
    const { user } = renderDashboard(<SessionsCard />);

    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));

    expect(await screen.findByRole('button', { name: 'Signing out... Safari on iPhone' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out Chrome on Windows' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('signs out everywhere else, then shows that only this device is left', async () => {
    const { calls } = stubApi({
      'GET /api/auth/sessions': listing([thisDevice, phone, laptop], [thisDevice]),
      'DELETE /api/auth/sessions': { body: { message: AccountMessages.otherSessionsEnded } },
    });
    const { user } = renderDashboard(<SessionsCard />);

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.otherSessionsEnded);
    expect(await screen.findByText(/No other devices are signed in/)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/auth/sessions']);
    expect(gets(calls)).toHaveLength(2);
  });

  it('shows an empty state when only this device is signed in', async () => {
    stubApi({ 'GET /api/auth/sessions': { body: { sessions: [thisDevice] } } });
    renderDashboard(<SessionsCard />);

    expect(
      await screen.findByText('No other devices are signed in. When you sign in somewhere else, it shows up here.'),
    ).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  it("shows the API's message when a device had already gone, and fetches the list again", async () => {
    const { calls } = stubApi({
      'GET /api/auth/sessions': listing([thisDevice, phone], [thisDevice]),
      'DELETE /api/auth/sessions/session-phone': {
        status: 404,
        body: { statusCode: 404, message: AccountMessages.sessionNotFound },
      },
    });
    const { user } = renderDashboard(<SessionsCard />);

    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.sessionNotFound);
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(await screen.findByText(/No other devices are signed in/)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    stubApi({ 'GET /api/auth/sessions': { status: 503, body: { statusCode: 503, message: 'Later' } } });
    const { user } = renderDashboard(<SessionsCard />);

    expect(await screen.findByText("We couldn't load your devices.")).toBeInTheDocument();
    stubApi({ 'GET /api/auth/sessions': { body: { sessions: [thisDevice] } } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('This device')).toBeInTheDocument();
  });
});
