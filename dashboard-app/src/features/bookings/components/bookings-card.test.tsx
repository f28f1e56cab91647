import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@linkbio/shared-contracts';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { BookingsCard, dollars } from './bookings-card';

const aBooking = (overrides: Partial<BookingView> = {}): BookingView => ({
  id: 'b-1',
  customerName: 'Sam Rivera',
  customerEmail: 'sam@example.com',
  customerPhone: null,
  message: null,
  amount: 5400,
  userAmount: 4500,
  platformFee: 900,
  status: 'paid',
  createdAt: '2026-07-05T12:00:00.000Z',
  paidAt: '2026-07-05T12:01:00.000Z',
  slotStart: null,
  slotEnd: null,
  sessionName: null,
  location: null,
  answers: [],
  source: null,
  ...overrides,
});

/** GET /api/bookings' answer: one page holding these bookings. */
const page = (bookings: BookingView[]) => ({ bookings, nextCursor: null, unpaidAttempts: 0 });

const card = () => screen.getByRole('region', { name: 'Bookings' });

describe('BookingsCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats cents as dollars with two decimals', () => {
    expect(dollars(5400)).toBe('$54.00');
    expect(dollars(1)).toBe('$0.01');
    expect(dollars(123456)).toBe('$1234.56');
  });

  it('shows a skeleton while loading', () => {
    stubApi({ 'GET /api/bookings': () => new Promise(() => {}) });
    renderDashboard(<BookingsCard />);
    expect(within(card()).getByRole('status', { name: 'Loading bookings' })).toBeInTheDocument();
  });

  it('says a refunded booking earns nothing, and a partly refunded one what is left; never the full earning', async () => {
    stubApi({
      'GET /api/bookings': {
        body: page([
          aBooking({ id: 'b-r', customerName: 'Refunded Ray', status: 'refunded', userAmount: 4000, amount: 4800 }),
          aBooking({ id: 'b-d', customerName: 'Due Dana', status: 'refund_due', userAmount: 4000, amount: 4800 }),
          aBooking({ id: 'b-p', customerName: 'Part Pat', status: 'partially_refunded', userAmount: 4000, amount: 4800 }),
          aBooking({ id: 'b-c', customerName: 'Kept Kim', status: 'cancelled', userAmount: 4000, amount: 4800 }),
        ]),
      },
    });
    renderDashboard(<BookingsCard />);
    const row = async (name: string) => (await within(card()).findByText(name)).closest('li')!;

    expect(within(await row('Refunded Ray')).getByText('Refunded: you earn nothing')).toBeInTheDocument();
    expect(within(await row('Refunded Ray')).queryByText(/You earn/)).not.toBeInTheDocument();
    expect(within(await row('Due Dana')).getByText('Being refunded: you earn nothing')).toBeInTheDocument();
    expect(within(await row('Part Pat')).getByText('Partly refunded: you earn what is left of $40.00')).toBeInTheDocument();
    // Cancelled inside the window, not refunded: the creator keeps the earning.
    expect(within(await row('Kept Kim')).getByText('You earn $40.00')).toBeInTheDocument();
  });

  it("says 'No bookings yet' when there are none", async () => {
    stubApi({ 'GET /api/bookings': { body: page([]) } });
    renderDashboard(<BookingsCard />);
    expect(await within(card()).findByText('No bookings yet')).toBeInTheDocument();
    expect(within(card()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists each paid booking with customer, amount paid, earnings and a status badge', async () => {
    stubApi({
      'GET /api/bookings': {
        body: page([
          aBooking({ message: 'Portfolio review, please.', customerPhone: '+1 555 0100' }),
          aBooking({
            id: 'b-2',
            customerName: 'Lee Park',
            customerEmail: 'lee@example.com',
            amount: 3061,
            userAmount: 2551,
          }),
        ]),
      },
    });
    renderDashboard(<BookingsCard />);
    const rows = await within(card()).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sam Rivera');
    expect(rows[0]).toHaveTextContent('sam@example.com');
    expect(rows[0]).toHaveTextContent('$54.00');
    expect(rows[0]).toHaveTextContent('You earn $45.00');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('Portfolio review, please.');
    expect(within(rows[0]).getByText(/2026/).tagName).toBe('TIME');
    expect(rows[1]).toHaveTextContent('$30.61');
    expect(rows[1]).toHaveTextContent('You earn $25.51');
  });

  it('says where the visit that led to a booking came from, when it is known', async () => {
    stubApi({
      'GET /api/bookings': {
        body: page([aBooking({ source: 'newsletter' }), aBooking({ id: 'b-2', customerName: 'Lee Park', source: '<b>x</b>' }), aBooking({ id: 'b-3', customerName: 'Ana Ruiz' })]),
      },
    });
    renderDashboard(<BookingsCard />);
    const rows = await within(card()).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('via newsletter');
    expect(rows[1]).toHaveTextContent('via <b>x</b>');
    expect(rows[1]!.querySelector('b')).toBeNull();
    expect(rows[2]).not.toHaveTextContent('via');
  });

  it('shows what each booking was booked as: the session type, where to meet and the answers, as text', async () => {
    stubApi({
      'GET /api/bookings': {
        body: page([
          aBooking({
            sessionName: 'Portfolio review',
            location: { kind: 'video', url: 'https://meet.jit.si/linkbio-4f9c2a7e' },
            answers: [
              { question: 'Your level', answer: 'Advanced' },
              { question: 'Anything else?', answer: '<img src=x onerror=alert(1)>\nSecond line' },
            ],
          }),
          aBooking({ id: 'b-2', customerName: 'Lee Park', sessionName: 'Phone check-in', location: { kind: 'phone', phone: '+1 555 010 0100' }, answers: [] }),
          aBooking({ id: 'b-3', customerName: 'Ana Ruiz', location: { kind: 'video', url: 'javascript:alert(1)' } }),
          aBooking({ id: 'b-4', customerName: 'Old Owen' }),
        ]),
      },
    });
    renderDashboard(<BookingsCard />);
    const rows = await within(card()).findAllByRole('listitem');

    expect(rows[0]).toHaveTextContent('Portfolio review');
    const room = within(rows[0]!).getByRole('link', { name: /meet\.jit\.si/ });
    expect(room).toHaveAttribute('href', 'https://meet.jit.si/linkbio-4f9c2a7e');
    expect(room).toHaveAttribute('target', '_blank');
    expect(room.getAttribute('rel')).toContain('noopener');
    const answers = within(rows[0]!).getByLabelText('Answers of Sam Rivera');
    expect([...answers.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Your level', 'Advanced'],
      ['Anything else?', '<img src=x onerror=alert(1)>\nSecond line'],
    ]);
    expect(answers.querySelector('img')).toBeNull();

    expect(rows[1]).toHaveTextContent('Phone check-in');
    expect(rows[1]).toHaveTextContent('Phone call: +1 555 010 0100');
    expect(within(rows[1]!).queryByLabelText(/Answers of/)).not.toBeInTheDocument();
    // Only a web address becomes a link.
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Video call: javascript:alert(1)');
    // Booked before session types: as before.
    expect(rows[3]).not.toHaveTextContent(/Video call|Phone call|In person/);
  });

  it('never lists a visitor’s unpaid or failed attempt under "booked and paid for"', async () => {
    stubApi({
      'GET /api/bookings': {
        body: page([
          aBooking({ id: 'b-2', customerName: 'Lee Park', status: 'pending_payment', paidAt: null }),
          aBooking({ id: 'b-3', customerName: 'Ana Ruiz', status: 'failed', paidAt: null }),
        ]),
      },
    });
    renderDashboard(<BookingsCard />);
    expect(await within(card()).findByText('No bookings yet')).toBeInTheDocument();
    expect(within(card()).getByText('Sessions visitors booked and paid for.')).toBeInTheDocument();
    expect(within(card()).queryByText('Ana Ruiz')).not.toBeInTheDocument();
    expect(within(card()).queryByText('Lee Park')).not.toBeInTheDocument();
  });

  it('offers to try again when the bookings cannot be read', async () => {
    stubApi({ 'GET /api/bookings': { status: 500, body: { statusCode: 500, message: 'Internal server error' } } });
    renderDashboard(<BookingsCard />);
    expect(await within(card()).findByText("We couldn't load your bookings.")).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows upcoming sessions first, soonest first, with their time in the creator’s zone', async () => {
    const inDays = (days: number, hour: number) => new Date(Date.UTC(2099, 0, days, hour)).toISOString();
    stubApi({
      'GET /api/users/availability': { body: { timeZone: 'Europe/Berlin', weekly: [], datesOff: [], sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 60, cancellationHours: 24 } },
      'GET /api/bookings': {
        body: page([
          aBooking({ id: 'b-3', customerName: 'Later', slotStart: inDays(9, 14), slotEnd: inDays(9, 15) }),
          aBooking({ id: 'b-2', customerName: 'Sooner', slotStart: inDays(2, 14), slotEnd: inDays(2, 15) }),
          aBooking({ id: 'b-1', customerName: 'Unscheduled' }),
        ]),
      },
    });
    renderDashboard(<BookingsCard />);

    const upcoming = await within(card()).findByRole('list', { name: 'Upcoming sessions' });
    const rows = within(upcoming).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByText(/Sooner|Later/)[0]!.textContent)).toEqual(['Sooner', 'Later']);
    expect(await within(rows[0]!).findByText('(Europe/Berlin)')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Jan 2, 2099, 3:00');
    expect(rows[0]).toHaveTextContent(/PM/);
    expect(within(card()).getByRole('list', { name: 'Bookings' })).toHaveTextContent('Unscheduled');
  });

  it('writes session times as the viewer’s locale does: 24-hour in de-DE', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    stubApi({
      'GET /api/users/availability': { body: { timeZone: 'Europe/Berlin', weekly: [], datesOff: [], sessionMinutes: 60, bufferMinutes: 0, minNoticeHours: 0, horizonDays: 60, cancellationHours: 24 } },
      'GET /api/bookings': { body: page([aBooking({ slotStart: '2099-01-02T14:00:00.000Z', slotEnd: '2099-01-02T15:00:00.000Z' })]) },
    });
    renderDashboard(<BookingsCard />);
    const upcoming = await within(card()).findByRole('list', { name: 'Upcoming sessions' });
    await within(upcoming).findByText('(Europe/Berlin)');
    expect(upcoming).toHaveTextContent(/15:00\s*–\s*16:00/);
    expect(upcoming).not.toHaveTextContent(/PM/);
  });

  it('cancels a paid booking after asking: the visitor is refunded, the list read again', async () => {
    let status: BookingView['status'] = 'paid';
    const { calls } = stubApi({
      'GET /api/bookings': () => ({ body: page([aBooking({ status })]) }),
      'POST /api/bookings/b-1/cancel': () => {
        status = 'refunded';
        return { body: { booking: aBooking({ status }) } };
      },
    });
    renderDashboard(<BookingsCard />);
    const user = userEvent.setup();

    await user.click(await within(card()).findByRole('button', { name: 'Cancel and refund the booking of Sam Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('Sam Rivera is refunded $54.00 in full and told by e-mail.');
    expect(dialog).toHaveTextContent('You will not earn the $45.00 of this booking');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));

    expect(await screen.findByText('Booking cancelled and refunded')).toBeInTheDocument();
    expect(await within(card()).findByText('Refunded')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /Cancel and refund the booking/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/bookings/b-1/cancel']);
  });

  it('badges partly refunded and failed refunds; a partly refunded booking can still be cancelled (the rest refunded), a failed one not', async () => {
    let status: BookingView['status'] = 'partially_refunded';
    stubApi({
      'GET /api/bookings': () => ({
        body: page([
          aBooking({ status }),
          aBooking({ id: 'b-2', customerName: 'Lee Park', status: 'refund_failed' }),
        ]),
      }),
      'POST /api/bookings/b-1/cancel': () => {
        status = 'refunded';
        return { body: { booking: aBooking({ status }) } };
      },
    });
    renderDashboard(<BookingsCard />);
    const user = userEvent.setup();

    const rows = await within(card()).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Partly refunded');
    expect(rows[1]).toHaveTextContent('Refund failed');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Cancel and refund the booking of Sam Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('Sam Rivera is refunded the rest of the $54.00 (part was refunded already) and told by e-mail.');
    expect(dialog).toHaveTextContent('You will not earn what is left of your $45.00 from this booking');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Booking cancelled and refunded')).toBeInTheDocument();
    expect(await within(card()).findByText('Refunded')).toBeInTheDocument();
  });

  it('keeps the booking when the creator changes their mind, and says why a cancel failed', async () => {
    const { calls } = stubApi({
      'GET /api/bookings': { body: page([aBooking()]) },
      'POST /api/bookings/b-1/cancel': { status: 409, body: { statusCode: 409, message: 'Only a paid booking can be cancelled and refunded.' } },
    });
    renderDashboard(<BookingsCard />);
    const user = userEvent.setup();

    await user.click(await within(card()).findByRole('button', { name: 'Cancel and refund the booking of Sam Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep booking' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(within(card()).getByRole('button', { name: 'Cancel and refund the booking of Sam Rivera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Only a paid booking can be cancelled and refunded.')).toBeInTheDocument();
  });

  it('pages through the bookings and counts the unpaid attempts it does not list', async () => {
    stubApi({
      'GET /api/bookings': { body: { bookings: [aBooking()], nextCursor: 'next-page', unpaidAttempts: 3 } },
      'GET /api/bookings?cursor=next-page': { body: { bookings: [aBooking({ id: 'b-0', customerName: 'Older One' })], nextCursor: null, unpaidAttempts: 3 } },
    });
    renderDashboard(<BookingsCard />);

    expect(await within(card()).findByText('3 booking attempts were not paid and are not listed.')).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Show more bookings' }));
    expect(await within(card()).findByText('Older One')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Show more bookings' })).not.toBeInTheDocument();
  });
});
