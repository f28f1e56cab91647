import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  EarningsPayoutResponse,
  EarningsStatementResponse,
  EarningsSummaryResponse,
  StatementLineView,
} from '@linkbio/shared-contracts';
import { never, renderDashboard, stubApi } from '@/test/render-dashboard';
import { EarningsView, yearsSince } from './earnings-view';

const STATEMENT_2026 = 'GET /api/earnings/statement?from=2026-01-01&to=2026-12-31';
const SUMMARY_2026 = 'GET /api/earnings/summary?year=2026';
const PAYOUT_ID = '7c1226c6-abac-4b93-9b09-9afd4ab80155';

const months = (year: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}`,
    earningsCents: 0,
    reversalsCents: 0,
    payoutsCents: 0,
  }));

const summary = (overrides: Partial<EarningsSummaryResponse> = {}): EarningsSummaryResponse => {
  const all = months(2026);
  all[2] = { month: '2026-03', earningsCents: 8000, reversalsCents: -3000, payoutsCents: -5000 };
  return {
    year: 2026,
    openingBalanceCents: 0,
    closingBalanceCents: 0,
    months: all,
    totals: { earningsCents: 8000, reversalsCents: -3000, payoutsCents: -5000 },
    ...overrides,
  };
};

const line = (overrides: Partial<StatementLineView>): StatementLineView => ({
  at: '2026-03-04T10:00:00.000Z',
  kind: 'earning',
  description: 'Session with Ada L. (booking)',
  amountCents: 5000,
  balanceCents: 5000,
  ...overrides,
});

const statement = (
  lines: StatementLineView[],
  overrides: Partial<EarningsStatementResponse> = {},
): EarningsStatementResponse => ({
  from: '2026-01-01',
  to: '2026-12-31',
  balanceCents: lines.at(-1)?.balanceCents ?? 0,
  openingBalanceCents: 0,
  closingBalanceCents: lines.at(-1)?.balanceCents ?? 0,
  lines,
  totals: { earningsCents: 0, reversalsCents: 0, payoutsCents: 0 },
  ...overrides,
});

const mix = [
  line({ bookingId: 'b-1', payoutId: PAYOUT_ID }),
  line({
    at: '2026-03-05T10:00:00.000Z',
    description: 'Session with Grace H. (booking)',
    amountCents: 3000,
    balanceCents: 8000,
  }),
  line({
    at: '2026-03-06T10:00:00.000Z',
    kind: 'reversal',
    description: 'Refund to Grace H.',
    amountCents: -3000,
    balanceCents: 5000,
  }),
  line({
    at: '2026-03-09T00:00:05.000Z',
    kind: 'payout',
    description: 'Payout for 2026-W10 to PayPal (paid)',
    amountCents: -5000,
    balanceCents: 0,
    payoutId: PAYOUT_ID,
  }),
];

const statementCard = () => screen.getByRole('region', { name: 'Statement' });

describe('EarningsView', () => {
  it('offers the years since the creator joined, newest first', () => {
    expect(yearsSince(2024, 2026)).toEqual([2026, 2025, 2024]);
    expect(yearsSince(2027, 2026)).toEqual([2026]);
  });

  it('shows loading states while the statement and totals load', () => {
    stubApi({ [STATEMENT_2026]: never, [SUMMARY_2026]: never });
    renderDashboard(<EarningsView firstYear={2026} thisYear={2026} />);

    expect(screen.getByRole('status', { name: 'Loading your statement' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: "Loading the year's totals" })).toBeInTheDocument();
  });

  it('says when the year has nothing yet', async () => {
    stubApi({
      [STATEMENT_2026]: { body: statement([]) },
      [SUMMARY_2026]: {
        body: summary({ months: months(2026), totals: { earningsCents: 0, reversalsCents: 0, payoutsCents: 0 } }),
      },
    });
    renderDashboard(<EarningsView firstYear={2026} thisYear={2026} />);

    expect(
      await screen.findByText('Nothing in 2026 yet. Paid bookings, refunds and payouts show here.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nothing earned or paid out in 2026.')).toBeInTheDocument();
  });

  it('shows an error with Try again when the statement cannot be loaded', async () => {
    let fail = true;
    stubApi({
      [STATEMENT_2026]: () => (fail ? { status: 500, body: { message: 'boom' } } : { body: statement(mix) }),
      [SUMMARY_2026]: { body: summary() },
    });
    const { user } = renderDashboard(<EarningsView firstYear={2026} thisYear={2026} />);

    expect(await within(statementCard()).findByRole('alert')).toHaveTextContent("We couldn't load your statement.");
    fail = false;
    await user.click(within(statementCard()).getByRole('button', { name: 'Try again' }));
    expect(await within(statementCard()).findByText('Refund to Grace H.')).toBeInTheDocument();
  });

  it('lists the lines newest first with amounts and balances, the totals and the CSV download', async () => {
    stubApi({
      [STATEMENT_2026]: { body: statement(mix, { balanceCents: -1500 }) },
      [SUMMARY_2026]: { body: summary() },
    });
    renderDashboard(<EarningsView firstYear={2026} thisYear={2026} />);

    const list = await within(statementCard()).findByRole('list', { name: 'Statement lines' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Payout for 2026-W10 to PayPal (paid)',
      'Refund to Grace H.',
      'Session with Grace H. (booking)',
      'Session with Ada L. (booking)',
    ]);
    expect(rows[1]).toHaveTextContent('-$30.00');
    expect(rows[1]).toHaveTextContent('Balance $50.00');
    expect(rows[3]).toHaveTextContent('+$50.00');
    expect(screen.getByTestId('earnings-balance')).toHaveTextContent('-$15.00');

    const totals = screen.getByRole('region', { name: '2026 totals' });
    expect(await within(totals).findByRole('row', { name: /Mar/ })).toHaveTextContent('Mar$80.00-$30.00-$50.00');
    expect(within(totals).getByText('Refunds', { selector: 'dt' }).nextSibling).toHaveTextContent('-$30.00');

    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/earnings/statement.csv?from=2026-01-01&to=2026-12-31',
    );
  });

  it('pages the statement 50 lines at a time', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      line({
        at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        description: `Session ${i + 1}`,
        balanceCents: (i + 1) * 5000,
      }),
    );
    stubApi({ [STATEMENT_2026]: { body: statement(many) }, [SUMMARY_2026]: { body: summary() } });
    const { user } = renderDashboard(<EarningsView firstYear={2026} thisYear={2026} />);

    const list = await within(statementCard()).findByRole('list', { name: 'Statement lines' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Session 120');
    expect(screen.getByText('Showing 50 of 120 lines, newest first.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await user.click(screen.getByRole('button', { name: 'Show more' }));

    expect(within(list).getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('expands a payout to the lines it paid, asking for them only when opened', async () => {
    const paid: EarningsPayoutResponse = {
      payout: {
        id: PAYOUT_ID,
        week: '2026-W10',
        amountCents: 5000,
        status: 'paid',
        method: 'paypal',
        destination: 'm***@example.com',
        reference: 'PayPal 5TY0',
        createdAt: '2026-03-09T00:00:05.000Z',
        paidAt: '2026-03-09T10:00:00.000Z',
      },
      lines: mix.slice(0, 3),
    };
    const { calls } = stubApi({
      [STATEMENT_2026]: { body: statement(mix) },
      [SUMMARY_2026]: { body: summary() },
      [`GET /api/earnings/payouts/${PAYOUT_ID}`]: { body: paid },
    });
    const { user } = renderDashboard(<EarningsView firstYear={2026} thisYear={2026} />);

    const toggle = await within(statementCard()).findByRole('button', { name: 'Show what this payout paid' });
    expect(calls.some((c) => c.path.startsWith('/api/earnings/payouts/'))).toBe(false);
    await user.click(toggle);

    const paidList = await screen.findByRole('list', { name: 'Lines paid by the payout for 2026-W10' });
    expect(within(paidList).getAllByRole('listitem')).toHaveLength(3);
    expect(paidList).toHaveTextContent('Running total $80.00');
    expect(screen.getByText(/Sent to m\*\*\*@example\.com\. Reference: PayPal 5TY0/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide what this payout paid' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('loads another year when one is picked', async () => {
    const { calls } = stubApi({
      [STATEMENT_2026]: { body: statement(mix) },
      [SUMMARY_2026]: { body: summary() },
      'GET /api/earnings/statement?from=2025-01-01&to=2025-12-31': {
        body: statement([], { from: '2025-01-01', to: '2025-12-31' }),
      },
      'GET /api/earnings/summary?year=2025': { body: summary({ year: 2025, months: months(2025) }) },
    });
    const { user } = renderDashboard(<EarningsView firstYear={2025} thisYear={2026} />);

    await within(statementCard()).findByRole('list', { name: 'Statement lines' });
    await user.selectOptions(screen.getByLabelText('Year'), '2025');

    expect(
      await screen.findByText('Nothing in 2025 yet. Paid bookings, refunds and payouts show here.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/earnings/summary?year=2025');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/earnings/statement.csv?from=2025-01-01&to=2025-12-31',
    );
  });
});
