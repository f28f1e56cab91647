import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SchedulingMessages, type AvailabilityView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { AvailabilityCard } from './availability-card';

const saved = (overrides: Partial<AvailabilityView> = {}): AvailabilityView => ({
  timeZone: 'Europe/Berlin',
  sessionMinutes: 45,
  bufferMinutes: 15,
  minNoticeHours: 24,
  horizonDays: 60,
  weekly: [
    { day: 3, start: '13:00', end: '17:00' },
    { day: 1, start: '09:00', end: '12:00' },
  ],
  datesOff: ['2027-01-01'],
  cancellationHours: 24,
  ...overrides,
});

const card = () => screen.getByRole('region', { name: 'Availability' });

describe('AvailabilityCard', () => {
  it('shows a skeleton while loading', async () => {
    stubApi({ 'GET /api/users/availability': never });
    renderDashboard(<AvailabilityCard bookingEnabled />);
    expect(within(card()).getByRole('status', { name: 'Loading availability' })).toBeInTheDocument();
  });

  it('offers to try again when the availability cannot be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /api/users/availability': () =>
        fail ? { status: 503, body: { statusCode: 503, message: 'Please try again in a moment.' } } : { body: saved() },
    });
    renderDashboard(<AvailabilityCard bookingEnabled />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent('Please try again in a moment.');
    fail = false;
    await userEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByLabelText('Time zone')).toHaveValue('Europe/Berlin');
  });

  it('shows what is saved: zone, numbers, each weekday’s hours and the dates off', async () => {
    stubApi({ 'GET /api/users/availability': { body: saved() } });
    renderDashboard(<AvailabilityCard bookingEnabled />);

    expect(await within(card()).findByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    expect(within(card()).getByLabelText('Session length (minutes)')).toHaveValue(45);
    expect(within(card()).getByLabelText('Minimum notice (hours)')).toHaveValue(24);
    expect(within(card()).getByLabelText('Monday start')).toHaveValue('09:00');
    expect(within(card()).getByLabelText('Wednesday end')).toHaveValue('17:00');
    expect(within(card()).getAllByText('Unavailable')).toHaveLength(5);
    expect(within(card()).getByRole('list', { name: 'Your dates off' })).toHaveTextContent('Fri, Jan 1, 2027');
    expect(within(card()).queryByText(/Booking is off/)).not.toBeInTheDocument();
  });

  it('saves the whole availability as the API takes it, numbers as numbers', async () => {
    const { calls } = stubApi({
      'GET /api/users/availability': { body: saved() },
      'PUT /api/users/availability': ({ body }) => ({ body }),
    });
    renderDashboard(<AvailabilityCard bookingEnabled={false} />);
    const user = userEvent.setup();

    expect(await within(card()).findByText(/Booking is off/)).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Add hours on Monday' }));
    await user.click(within(card()).getByRole('button', { name: 'Remove Wednesday 13:00–17:00' }));
    await user.clear(within(card()).getByLabelText('Session length (minutes)'));
    await user.type(within(card()).getByLabelText('Session length (minutes)'), '30');
    await user.type(within(card()).getByLabelText('Dates off'), '2027-02-14');
    await user.click(within(card()).getByRole('button', { name: 'Add date off' }));
    await user.click(within(card()).getByRole('button', { name: 'Remove date off Fri, Jan 1, 2027' }));
    await user.click(within(card()).getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText('Availability saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/users/availability',
        body: {
          timeZone: 'Europe/Berlin',
          sessionMinutes: 30,
          bufferMinutes: 15,
          minNoticeHours: 24,
          horizonDays: 60,
          cancellationHours: 24,
          weekly: [
            { day: 1, start: '09:00', end: '12:00' },
            { day: 1, start: '13:00', end: '14:00' },
          ],
          datesOff: ['2027-02-14'],
        },
      },
    ]);
  }, 20_000);

  it('says what is wrong in the API’s words and sends nothing', async () => {
    const { calls } = stubApi({ 'GET /api/users/availability': { body: saved() } });
    renderDashboard(<AvailabilityCard bookingEnabled />);
    const user = userEvent.setup();

    await user.clear(await within(card()).findByLabelText('Session length (minutes)'));
    await user.type(within(card()).getByLabelText('Session length (minutes)'), '5');
    await user.selectOptions(within(card()).getByLabelText('Monday end'), '08:00');
    await user.click(within(card()).getByRole('button', { name: 'Save availability' }));

    expect(within(card()).getByText(SchedulingMessages.sessionMinutes)).toBeInTheDocument();
    expect(within(card()).getByText(SchedulingMessages.endAfterStart)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('shows the API’s refusal when it still refuses', async () => {
    stubApi({
      'GET /api/users/availability': { body: saved() },
      'PUT /api/users/availability': { status: 400, body: { statusCode: 400, message: SchedulingMessages.timeZone } },
    });
    renderDashboard(<AvailabilityCard bookingEnabled />);

    await userEvent.click(await within(card()).findByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(SchedulingMessages.timeZone)).toBeInTheDocument();
  });

  it('starts from the browser’s time zone before any hours are saved', async () => {
    stubApi({ 'GET /api/users/availability': { body: saved({ timeZone: 'UTC', weekly: [], datesOff: [] }) } });
    renderDashboard(<AvailabilityCard bookingEnabled />);

    expect(await within(card()).findByLabelText('Time zone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(within(card()).getAllByText('Unavailable')).toHaveLength(7);
    expect(within(card()).getByText('No dates off.')).toBeInTheDocument();
  });
});
