import type { PayoutMethod, PayoutStatus, StatementLineKind } from '@linkbio/shared-contracts';
import type { LedgerFact } from './ledger-facts.js';

/** One line of the statement: what happened, what it did to the balance and the balance after it (cents). */
export interface StatementLine {
  at: Date;
  kind: StatementLineKind;
  description: string;
  amount: number;
  balance: number;
  bookingId?: string;
  /** The product order or tip the line is about. */
  orderId?: string;
  payoutId?: string;
}

/** Sums of the lines' amounts by kind: earnings ≥ 0, reversals ≤ 0, payouts ≤ 0. */
export interface StatementTotals {
  earnings: number;
  reversals: number;
  payouts: number;
}

export interface Statement {
  opening: number;
  closing: number;
  lines: StatementLine[];
  totals: StatementTotals;
}

/** Dollars for people: 1234 → "$12.34", -300 → "-$3.00". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A visitor as the statement names them: first name and the initial of the last ("Ada L."), never an e-mail
 * address (a word with @ is left out), "a visitor" when nothing is left.
 */
export function visitorName(name: string | null): string {
  const words = (name ?? '')
    .split(/\s+/)
    .map((word) => word.replace(/[<>]/g, ''))
    .filter((word) => word !== '' && !word.includes('@'));
  if (words.length === 0) return 'a visitor';
  const first = words[0]!;
  if (words.length === 1) return first;
  const last = [...words[words.length - 1]!][0]!;
  return `${first} ${last.toUpperCase()}.`;
}

const METHOD_NAMES: Record<PayoutMethod, string> = { paypal: 'PayPal', cashapp: 'CashApp' };

const STATUS_WORDS: Record<PayoutStatus, string> = {
  on_hold: 'on hold until you add PayPal or CashApp details',
  pending: 'being sent',
  processing: 'sent, PayPal is completing it',
  awaiting_manual: 'being paid by our team',
  paid: 'paid',
  failed: 'failed, our team will retry',
};

export function payoutDescription(week: string, method: PayoutMethod | null, status: PayoutStatus): string {
  const to = method ? ` to ${METHOD_NAMES[method]}` : '';
  return `Payout for ${week}${to} (${STATUS_WORDS[status]})`;
}

function describe(fact: LedgerFact): string {
  switch (fact.kind) {
    case 'earning':
      if (fact.sale?.kind === 'tip') return `Tip from ${visitorName(fact.customerName)}`;
      if (fact.sale) return `Sale of "${fact.sale.title}" to ${visitorName(fact.customerName)}`;
      return `Session with ${visitorName(fact.customerName)} (booking)`;
    case 'reversal':
      return `Refund to ${visitorName(fact.customerName)}`;
    case 'payout':
      return payoutDescription(fact.week, fact.method, fact.status);
    case 'carried':
      return fact.amount < 0
        ? `${fact.week} carried over: ${dollars(fact.amount)} (refunds exceeded earnings; taken from your next payouts)`
        : `${fact.week} carried over: $0.00 (earnings and refunds cancel out, nothing to pay)`;
  }
}

/** What a fact does to the balance: entries as stored, a payout takes its amount, a carried week nothing. */
function effect(fact: LedgerFact): number {
  if (fact.kind === 'payout') return -fact.amount;
  if (fact.kind === 'carried') return 0;
  return fact.amount;
}

/** At the same instant, entries come before the payout or carried week that counts them. */
const ORDER: Record<StatementLineKind, number> = { earning: 0, reversal: 1, carried: 2, payout: 3 };

export function byTime(a: LedgerFact, b: LedgerFact): number {
  return a.at.getTime() - b.at.getTime() || ORDER[a.kind] - ORDER[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The statement of a period: its facts oldest first, each with the running balance from `opening` (the
 * balance before the period). Over every fact up to now the running balance is the ledger's entries less the
 * payouts, which is the sum of the entries in no payout: what the Payouts card shows (each payout is exactly
 * the sum of the entries assigned to it).
 */
export function statementOf(opening: number, facts: LedgerFact[]): Statement {
  let balance = opening;
  const totals: StatementTotals = { earnings: 0, reversals: 0, payouts: 0 };
  const lines = [...facts].sort(byTime).map((fact): StatementLine => {
    const amount = effect(fact);
    balance += amount;
    if (fact.kind === 'earning') totals.earnings += amount;
    if (fact.kind === 'reversal') totals.reversals += amount;
    if (fact.kind === 'payout') totals.payouts += amount;
    const bookingId = fact.kind === 'earning' || fact.kind === 'reversal' ? fact.bookingId : null;
    const orderId = fact.kind === 'earning' || fact.kind === 'reversal' ? fact.orderId : null;
    const payoutId = fact.kind === 'payout' ? fact.id : fact.kind === 'carried' ? null : fact.payoutId;
    return {
      at: fact.at,
      kind: fact.kind,
      description: describe(fact),
      amount,
      balance,
      ...(bookingId ? { bookingId } : {}),
      ...(orderId ? { orderId } : {}),
      ...(payoutId ? { payoutId } : {}),
    };
  });
  return { opening, closing: balance, lines, totals };
}

export interface MonthTotals extends StatementTotals {
  /** "2026-01" */
  month: string;
}

/** A year's statement summed month by month (UTC), January first, every month present. */
export function monthlyTotals(year: number, statement: Statement): MonthTotals[] {
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: `${String(year).padStart(4, '0')}-${String(i + 1).padStart(2, '0')}`,
    earnings: 0,
    reversals: 0,
    payouts: 0,
  }));
  for (const line of statement.lines) {
    if (line.at.getUTCFullYear() !== year) continue;
    const month = months[line.at.getUTCMonth()]!;
    if (line.kind === 'earning') month.earnings += line.amount;
    if (line.kind === 'reversal') month.reversals += line.amount;
    if (line.kind === 'payout') month.payouts += line.amount;
  }
  return months;
}

/** A PayPal e-mail as `j***@example.com`, a CashApp handle as `$ja***`: enough to recognise, not to copy. */
export function maskedDestination(method: PayoutMethod | null, destination: string | null): string | null {
  const value = destination?.trim();
  if (!value) return null;
  if (method === 'paypal') {
    const at = value.lastIndexOf('@');
    return at < 1 ? '***' : `${value[0]}***${value.slice(at)}`;
  }
  return `$${value.replace(/^\$/, '').slice(0, 2)}***`;
}
