import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  ...overrides,
});

const card = () => screen.getByRole('region', { name: 'Bookings' });

describe('BookingsCard', () => {
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

  it("says 'No bookings yet' when there are none", async () => {
    stubApi({ 'GET /api/bookings': { body: [] } });
    renderDashboard(<BookingsCard />);
    expect(await within(card()).findByText('No bookings yet')).toBeInTheDocument();
    expect(within(card()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists each paid booking with customer, amount paid, earnings and a status badge', async () => {
    stubApi({
      'GET /api/bookings': {
        body: [
          aBooking({ message: 'Portfolio review, please.', customerPhone: '+1 555 0100' }),
          aBooking({
            id: 'b-2',
            customerName: 'Lee Park',
            customerEmail: 'lee@example.com',
            amount: 3061,
            userAmount: 2551,
          }),
        ],
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

  it('never lists a visitor’s unpaid or failed attempt under "booked and paid for"', async () => {
    stubApi({
      'GET /api/bookings': {
        body: [
          aBooking({ id: 'b-2', customerName: 'Lee Park', status: 'pending_payment', paidAt: null }),
          aBooking({ id: 'b-3', customerName: 'Ana Ruiz', status: 'failed', paidAt: null }),
        ],
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
});
