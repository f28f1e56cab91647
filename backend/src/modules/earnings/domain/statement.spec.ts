import type { LedgerFact } from './ledger-facts.js';
import { maskedDestination, monthlyTotals, statementOf, visitorName } from './statement.js';

const at = (iso: string) => new Date(iso);

const facts: LedgerFact[] = [
  // Listed out of order on purpose: the statement sorts them.
  {
    kind: 'payout',
    id: 'p1',
    at: at('2026-11-23T00:00:05Z'),
    amount: 7000,
    week: '2026-W47',
    status: 'paid',
    method: 'paypal',
  },
  {
    kind: 'earning',
    id: 'e1',
    at: at('2026-11-17T10:00:00Z'),
    amount: 5000,
    bookingId: 'b1',
    customerName: 'Ada Lovelace',
    payoutId: 'p1',
  },
  {
    kind: 'earning',
    id: 'e2',
    at: at('2026-11-18T10:00:00Z'),
    amount: 3000,
    bookingId: 'b2',
    customerName: 'grace@example.com',
    payoutId: 'p1',
  },
  {
    kind: 'reversal',
    id: 'r1',
    at: at('2026-11-19T10:00:00Z'),
    amount: -1000,
    bookingId: 'b2',
    customerName: 'grace@example.com',
    payoutId: 'p1',
  },
  {
    kind: 'reversal',
    id: 'r2',
    at: at('2026-11-24T10:00:00Z'),
    amount: -5000,
    bookingId: 'b1',
    customerName: 'Ada Lovelace',
    payoutId: null,
  },
  { kind: 'carried', id: 'c1', at: at('2026-11-30T00:00:05Z'), amount: -5000, week: '2026-W48' },
];

describe('statementOf', () => {
  it('lists every fact oldest first with a running balance from the opening balance, and sums each kind', () => {
    const statement = statementOf(200, facts);

    expect(statement.lines.map((l) => [l.kind, l.amount, l.balance])).toEqual([
      ['earning', 5000, 5200],
      ['earning', 3000, 8200],
      ['reversal', -1000, 7200],
      ['payout', -7000, 200],
      ['reversal', -5000, -4800],
      ['carried', 0, -4800],
    ]);
    expect(statement).toMatchObject({
      opening: 200,
      closing: -4800,
      totals: { earnings: 8000, reversals: -6000, payouts: -7000 },
    });
    expect(statement.opening + statement.totals.earnings + statement.totals.reversals + statement.totals.payouts).toBe(
      statement.closing,
    );
  });

  it('describes each line for people, never with an e-mail address', () => {
    const descriptions = statementOf(0, facts).lines.map((l) => l.description);

    expect(descriptions).toEqual([
      'Session with Ada L. (booking)',
      'Session with a visitor (booking)',
      'Refund to a visitor',
      'Payout for 2026-W47 to PayPal (paid)',
      'Refund to Ada L.',
      '2026-W48 carried over: -$50.00 (refunds exceeded earnings; taken from your next payouts)',
    ]);
    expect(descriptions.join(' ')).not.toContain('@');
  });

  it('describes product sales and tips (issue 27) and links them to their order', () => {
    const sales: LedgerFact[] = [
      { kind: 'earning', id: 'o1', at: at('2026-11-03T10:00:00Z'), amount: 1500, bookingId: null, orderId: 'ord-1', sale: { kind: 'product', title: 'The Guide' }, customerName: 'Ada Lovelace', payoutId: null },
      { kind: 'earning', id: 'o2', at: at('2026-11-03T11:00:00Z'), amount: 500, bookingId: null, orderId: 'ord-2', sale: { kind: 'tip', title: 'Tip' }, customerName: null, payoutId: null },
      { kind: 'reversal', id: 'o3', at: at('2026-11-03T12:00:00Z'), amount: -1500, bookingId: null, orderId: 'ord-1', sale: { kind: 'product', title: 'The Guide' }, customerName: 'Ada Lovelace', payoutId: null },
    ];
    const { lines, closing } = statementOf(0, sales);
    expect(lines.map((l) => [l.description, l.amount, l.orderId])).toEqual([
      ['Sale of "The Guide" to Ada L.', 1500, 'ord-1'],
      ['Tip from a visitor', 500, 'ord-2'],
      ['Refund to Ada L.', -1500, 'ord-1'],
    ]);
    expect(closing).toBe(500);
    expect(lines[0]).not.toHaveProperty('bookingId');
  });

  it('links entries to their booking and the payout that took them, a payout to itself', () => {
    const lines = statementOf(0, facts).lines;
    expect(lines[0]).toMatchObject({ bookingId: 'b1', payoutId: 'p1' });
    expect(lines[3]).toMatchObject({ payoutId: 'p1' });
    expect(lines[3]).not.toHaveProperty('bookingId');
    expect(lines[4]).not.toHaveProperty('payoutId');
    expect(lines[5]).not.toHaveProperty('payoutId');
  });

  it('puts entries before the payout made at the same instant', () => {
    const same = at('2026-11-23T00:00:00Z');
    const lines = statementOf(0, [
      { kind: 'payout', id: 'p', at: same, amount: 100, week: '2026-W47', status: 'on_hold', method: null },
      { kind: 'earning', id: 'e', at: same, amount: 100, bookingId: 'b', customerName: 'Al', payoutId: 'p' },
    ]).lines;
    expect(lines.map((l) => [l.kind, l.balance])).toEqual([
      ['earning', 100],
      ['payout', 0],
    ]);
    expect(lines[1]!.description).toBe('Payout for 2026-W47 (on hold until you add PayPal or CashApp details)');
  });
});

describe('monthlyTotals', () => {
  it('sums a year’s lines month by month, every month present', () => {
    const months = monthlyTotals(2026, statementOf(0, facts));
    expect(months).toHaveLength(12);
    expect(months[10]).toEqual({ month: '2026-11', earnings: 8000, reversals: -6000, payouts: -7000 });
    expect(months[0]).toEqual({ month: '2026-01', earnings: 0, reversals: 0, payouts: 0 });
  });
});

describe('visitorName and maskedDestination', () => {
  it.each([
    ['Ada Lovelace', 'Ada L.'],
    ['ada  byron  lovelace', 'ada L.'],
    ['Cher', 'Cher'],
    ['', 'a visitor'],
    [null, 'a visitor'],
    ['Bob bob@example.com', 'Bob'],
  ])('%p → %p', (name, shown) => expect(visitorName(name)).toBe(shown));

  it('masks PayPal e-mails and CashApp handles', () => {
    expect(maskedDestination('paypal', 'alice@example.com')).toBe('a***@example.com');
    expect(maskedDestination('cashapp', '$bobcash')).toBe('$bo***');
    expect(maskedDestination(null, null)).toBeNull();
  });
});
