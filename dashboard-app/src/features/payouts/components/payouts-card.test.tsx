import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayoutView } from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { formatPayoutAmount, PayoutsCard } from './payouts-card';

const aPayout = (overrides: Partial<PayoutView> = {}): PayoutView => ({
  id: 'p-1',
  week: '2026-W47',
  amount: 123456,
  currency: 'usd',
  method: 'paypal',
  status: 'paid',
  createdAt: '2026-11-23T00:00:05.000Z',
  paidAt: '2026-11-23T09:30:00.000Z',
  ...overrides,
});

const card = () => screen.getByRole('region', { name: 'Payouts' });

describe('PayoutsCard', () => {
  it.each([
    [123456, 'usd', '$1,234.56'],
    [4500, 'usd', '$45.00'],
    [1, 'USD', '$0.01'],
    [100000000, 'usd', '$1,000,000.00'],
    [2550, 'eur', '25.50 EUR'],
  ])('formats %d cents of %s as %s', (cents, currency, text) => {
    expect(formatPayoutAmount(cents, currency)).toBe(text);
  });

  it('shows a skeleton while loading', () => {
    stubApi({ 'GET /api/payouts': never });
    renderDashboard(<PayoutsCard />);

    expect(within(card()).getByRole('status', { name: 'Loading payouts' })).toBeInTheDocument();
  });

  it('links to the Earnings page, where the statement is', async () => {
    stubApi({ 'GET /api/payouts': { body: { payouts: [], balance: 0 } } });
    renderDashboard(<PayoutsCard />);

    expect(within(card()).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/dashboard/earnings');
  });

  it('says when there are no payouts yet', async () => {
    stubApi({ 'GET /api/payouts': { body: { payouts: [] } } });
    renderDashboard(<PayoutsCard />);

    expect(
      await within(card()).findByText('No payouts yet. Earnings from paid bookings are paid out every Monday.'),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists each week with its dates, amount, method and a readable status', async () => {
    const { calls } = stubApi({
      'GET /api/payouts': {
        body: {
          payouts: [
            aPayout({ id: 'p-7', week: '2026-W48', amount: 2000, method: null, status: 'on_hold', paidAt: null }),
            aPayout({
              id: 'p-6',
              week: '2026-W47',
              amount: 4500,
              method: 'cashapp',
              status: 'awaiting_manual',
              paidAt: null,
            }),
            aPayout({ id: 'p-5', week: '2026-W46', amount: 9000, status: 'processing', paidAt: null }),
            aPayout({ id: 'p-4', week: '2026-W45', amount: 3000, status: 'pending', paidAt: null }),
            aPayout({ id: 'p-3', week: '2026-W44', amount: 123456, status: 'paid' }),
            aPayout({ id: 'p-2', week: '2026-W43', amount: 1500, status: 'failed', paidAt: null }),
          ],
        },
      },
    });
    renderDashboard(<PayoutsCard />);

    const list = await within(card()).findByRole('list', { name: 'Payouts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(6);

    expect(rows[0]).toHaveTextContent('Week 48, 2026');
    expect(rows[0]).toHaveTextContent('Nov 23 – Nov 29, 2026');
    expect(rows[0]).toHaveTextContent('$20.00');
    expect(rows[0]).toHaveTextContent('Method: —');
    expect(rows[0]).toHaveTextContent('On hold — add PayPal or Cash App details');

    expect(rows[1]).toHaveTextContent('Week 47, 2026');
    expect(rows[1]).toHaveTextContent('Nov 16 – Nov 22, 2026');
    expect(rows[1]).toHaveTextContent('$45.00');
    expect(rows[1]).toHaveTextContent('Method: Cash App');
    expect(rows[1]).toHaveTextContent('Being processed');

    expect(rows[2]).toHaveTextContent('Method: PayPal');
    expect(rows[2]).toHaveTextContent('Sending');
    expect(rows[3]).toHaveTextContent('Scheduled');

    expect(rows[4]).toHaveTextContent('$1,234.56');
    expect(rows[4]).toHaveTextContent(/Paid on Nov 23, 2026/);
    expect(within(rows[4]).getByText('Paid', { exact: true })).toBeInTheDocument();
    expect(within(rows[4]).getByText(/Nov 23, 2026/).tagName).toBe('TIME');

    expect(rows[5]).toHaveTextContent('Failed');
    expect(rows[5]).not.toHaveTextContent('Paid on');

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/payouts']);
  });

  it('offers to try again when the payouts cannot be read, and shows them once they can', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/payouts': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { statusCode: 500, message: 'Something went wrong on our side. Please try again.' } }
          : { body: { payouts: [aPayout()] } };
      },
    });
    const { user } = renderDashboard(<PayoutsCard />);

    expect(await within(card()).findByRole('alert')).toHaveTextContent("We couldn't load your payouts.");
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));

    expect(await within(card()).findByText('Week 47, 2026')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says what is earned since the last payout, and what refunds carry over to the next ones', async () => {
    stubApi({ 'GET /api/payouts': { body: { payouts: [aPayout()], balance: 4000 } } });
    const { unmount } = renderDashboard(<PayoutsCard />);
    expect(await within(card()).findByText(/Earned since your last payout/)).toHaveTextContent('Earned since your last payout: $40.00');
    unmount();

    stubApi({ 'GET /api/payouts': { body: { payouts: [], balance: -4000 } } });
    renderDashboard(<PayoutsCard />);
    expect(await within(card()).findByText(/Carried over/)).toHaveTextContent(
      'Carried over: -$40.00. Refunds of bookings already paid out are taken from your next payouts.',
    );
  });
});
