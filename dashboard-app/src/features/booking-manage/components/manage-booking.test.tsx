import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedBookingView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { ManageBooking } from './manage-booking';
import { addDays, todayIn } from './session-time';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
const LINK = `/api/booking-manage/${TOKEN}`;

const aView = (overrides: Partial<ManagedBookingView> = {}): ManagedBookingView => ({
  creator: { username: 'maya', displayName: 'Maya Chen' },
  slotStart: '2030-03-05T14:00:00.000Z',
  slotEnd: '2030-03-05T15:00:00.000Z',
  timeZone: 'UTC',
  visitorTimeZone: null,
  amount: 4800,
  status: 'paid',
  cancellationHours: 24,
  refundOnCancel: true,
  canCancel: true,
  canReschedule: true,
  sessionName: null,
  location: null,
  ...overrides,
});

const slotsPath = (weeks: number) => `/api/users/maya/slots?from=${addDays(todayIn('UTC'), weeks * 7)}&days=7`;
const slots = (...starts: string[]) => ({
  timeZone: 'UTC',
  sessionMinutes: 60,
  scheduled: true,
  slots: starts.map((start) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() })),
});

describe('ManageBooking', () => {
  it('says so while loading, and when the link matches no booking', async () => {
    stubApi({ [`GET ${LINK}`]: never });
    const first = renderDashboard(<ManageBooking token={TOKEN} />);
    expect(screen.getByText('Loading your booking...')).toBeInTheDocument();
    first.unmount();

    stubApi({ [`GET ${LINK}`]: { status: 404, body: { statusCode: 404, message: 'This booking link is not valid.' } } });
    renderDashboard(<ManageBooking token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking link is not valid.');
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('also gives the creator’s time when their zone is another, in the viewer’s locale (24-hour in de-DE)', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo' ? 'America/Denver' : 'Asia/Tokyo';
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    stubApi({ [`GET ${LINK}`]: { body: aView({ timeZone: zone }) } });
    renderDashboard(<ManageBooking token={TOKEN} />);
    const creatorsTime = new Intl.DateTimeFormat('en-GB', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone })
      .formatRange(new Date('2030-03-05T14:00:00.000Z'), new Date('2030-03-05T15:00:00.000Z'));
    expect(await screen.findByText(`${creatorsTime.replace(/\s+/g, ' ')} for Maya Chen (${zone})`)).toBeInTheDocument();
    expect(screen.getByText(/^Your time/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/\bPM\b/);
    vi.restoreAllMocks();
  });

  it('shows the session in the visitor’s zone, and cancels it with a refund after asking', async () => {
    const { calls } = stubApi({
      [`GET ${LINK}`]: { body: aView() },
      [`POST ${LINK}/cancel`]: { body: aView({ status: 'refunded', canCancel: false, canReschedule: false, refundOnCancel: false }) },
    });
    const { user } = renderDashboard(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText('Maya Chen')).toBeInTheDocument();
    expect(screen.getByText(/Your time \(/)).toBeInTheDocument();
    expect(screen.getByText('$48.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel — refunded in full' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(dialog).toHaveTextContent('Your payment of $48.00 is refunded in full.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));

    expect(await screen.findByText(/cancelled and your payment refunded in full/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${LINK}/cancel`]);
    expect(screen.queryByRole('button', { name: /Cancel —/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to another time' })).not.toBeInTheDocument();
  });

  it('says a cancellation inside the window is not refunded, and keeps the session when the visitor changes their mind', async () => {
    const { calls } = stubApi({ [`GET ${LINK}`]: { body: aView({ refundOnCancel: false }) } });
    const { user } = renderDashboard(<ManageBooking token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel — not refunded: less than 24 hours before the start' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('so your payment of $48.00 is not refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Keep session' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('tells a visitor refunded in part, or whose refund failed, what stands, and offers no change', async () => {
    stubApi({ [`GET ${LINK}`]: { body: aView({ status: 'partially_refunded', canCancel: false, canReschedule: false, refundOnCancel: false }) } });
    const first = renderDashboard(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText(/Part of your payment was refunded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel|Move/ })).not.toBeInTheDocument();
    first.unmount();

    stubApi({ [`GET ${LINK}`]: { body: aView({ status: 'refund_failed', canCancel: false, canReschedule: false, refundOnCancel: false }) } });
    renderDashboard(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText(/your refund did not go through/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel|Move/ })).not.toBeInTheDocument();
  });

  it('moves the session once to a free time picked from the creator’s weeks', async () => {
    const nextWeek = `${addDays(todayIn('UTC'), 9)}T10:00:00.000Z`;
    const { calls } = stubApi({
      [`GET ${LINK}`]: { body: aView() },
      [`GET ${slotsPath(0)}`]: { body: slots() },
      [`GET ${slotsPath(1)}`]: { body: slots(nextWeek) },
      [`POST ${LINK}/reschedule`]: { body: aView({ slotStart: nextWeek, slotEnd: nextWeek.replace('T10', 'T11'), canReschedule: false }) },
    });
    const { user } = renderDashboard(<ManageBooking token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Move to another time' }));
    expect(await screen.findByText('No free times this week.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const time = new Date(nextWeek).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    await user.click(await screen.findByRole('button', { name: time }));
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));

    expect(await screen.findByText(/Your session is moved/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `${LINK}/reschedule`,
      body: { slotStart: nextWeek, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: 'en-US' },
    });
    expect(screen.queryByRole('button', { name: 'Move to another time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel — refunded in full' })).toBeInTheDocument();
  });

  it('tells why a move was refused and lets the visitor pick again', async () => {
    const start = `${addDays(todayIn('UTC'), 2)}T10:00:00.000Z`;
    stubApi({
      [`GET ${LINK}`]: { body: aView() },
      [`GET ${slotsPath(0)}`]: { body: slots(start) },
      [`POST ${LINK}/reschedule`]: { status: 409, body: { statusCode: 409, message: 'This time was just taken. Please pick another.' } },
    });
    const { user } = renderDashboard(<ManageBooking token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Move to another time' }));
    await user.click(await screen.findByRole('button', { name: new Date(start).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) }));
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This time was just taken. Please pick another.');
    await user.click(screen.getByRole('button', { name: 'Pick another time' }));
    expect(await screen.findByRole('region', { name: 'Free times' })).toBeInTheDocument();
  });
});
