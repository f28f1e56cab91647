import { EarningsMessages } from '@linkbio/shared-contracts';
import { newId } from '../../../shared/ids.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import type { PayoutRecord } from '../domain/ledger-facts.js';
import { InMemoryEarningsReader } from '../testing/in-memory-earnings.reader.js';
import { GetPayoutLinesUseCase } from './get-payout-lines.use-case.js';
import { GetStatementUseCase } from './get-statement.use-case.js';
import { GetYearSummaryUseCase } from './get-year-summary.use-case.js';

const setup = () => {
  const reader = new InMemoryEarningsReader();
  const statements = new GetStatementUseCase(reader);
  const creator = newId();
  const other = newId();
  const payout: PayoutRecord = {
    id: newId(),
    week: '2026-W10',
    amount: 4000,
    status: 'paid',
    method: 'cashapp',
    destination: '$cashme',
    reference: 'CashApp #1',
    providerBatchId: null,
    createdAt: new Date('2026-03-09T00:00:05Z'),
    paidAt: new Date('2026-03-10T09:00:00Z'),
  };
  const entry = (amount: number, at: string, payoutId: string | null) =>
    reader.add(creator, {
      kind: amount >= 0 ? 'earning' : 'reversal',
      id: newId(),
      at: new Date(at),
      amount,
      bookingId: newId(),
      customerName: 'Ada Lovelace',
      payoutId,
    });
  entry(2500, '2025-12-30T10:00:00Z', payout.id);
  entry(1500, '2026-03-04T10:00:00Z', payout.id);
  entry(900, '2026-03-12T10:00:00Z', null);
  entry(-900, '2026-04-01T10:00:00Z', null);
  entry(600, '2026-04-02T10:00:00Z', null);
  reader.addPayout(creator, payout);
  reader.add(other, {
    kind: 'earning',
    id: newId(),
    at: new Date('2026-03-04T10:00:00Z'),
    amount: 99,
    bookingId: null,
    customerName: null,
    payoutId: null,
  });
  return {
    statements,
    summaries: new GetYearSummaryUseCase(statements),
    payouts: new GetPayoutLinesUseCase(reader),
    creator,
    other,
    payout,
  };
};

describe('earnings use cases', () => {
  it('the statement starts from the balance before the range and ends at the balance shown', async () => {
    const { statements, creator } = setup();

    const statement = await statements.execute(creator, '2026-01-01', '2026-12-31');

    expect(statement.opening).toBe(2500);
    expect(statement.lines.map((l) => [l.kind, l.balance])).toEqual([
      ['earning', 4000],
      ['payout', 0],
      ['earning', 900],
      ['reversal', 0],
      ['earning', 600],
    ]);
    expect(statement.closing).toBe(statement.balance);
    expect(statement.balance).toBe(600);
  });

  it('sums a year month by month', async () => {
    const { summaries, creator } = setup();
    const summary = await summaries.execute(creator, '2026');
    expect(summary.months[2]).toEqual({ month: '2026-03', earnings: 2400, reversals: 0, payouts: -4000 });
    expect(summary.months[3]).toEqual({ month: '2026-04', earnings: 600, reversals: -900, payouts: 0 });
    expect(summary.totals).toEqual({ earnings: 3000, reversals: -900, payouts: -4000 });
    expect(summary).toMatchObject({ opening: 2500, closing: 600 });
  });

  it('expands a payout to the lines it paid; another creator’s or an unknown id is not found', async () => {
    const { payouts, creator, other, payout } = setup();

    const expanded = await payouts.execute(creator, payout.id.toUpperCase());
    expect(expanded.lines.map((l) => [l.amount, l.balance])).toEqual([
      [2500, 2500],
      [1500, 4000],
    ]);

    for (const [who, id] of [
      [other, payout.id],
      [creator, newId()],
      [creator, 'not-an-id'],
    ] as const)
      await expect(payouts.execute(who, id)).rejects.toEqual(
        aDomainError('not_found', EarningsMessages.payoutNotFound),
      );
  });
});
