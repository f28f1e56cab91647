import type { PayoutMethod, PayoutStatus } from './payouts.dto.js';

/**
 * The creator's statement (issue 24): every line of their ledger with a running balance. Money is integer
 * cents; a line's amount is what it does to the balance (earnings +, reversals and payouts −, carried 0).
 * Days are UTC days, as the payout weeks are.
 */

/**
 * earning: a paid booking's share; reversal: a refund taking (part of) it back; payout: a payout taking the
 * entries assigned to it; carried: a week with no payout because its entries netted to zero or less.
 */
export type StatementLineKind = 'earning' | 'reversal' | 'payout' | 'carried';

export const STATEMENT_LINE_KINDS: readonly StatementLineKind[] = ['earning', 'reversal', 'payout', 'carried'];

/** The longest range one statement covers, in days (a leap year). */
export const STATEMENT_MAX_DAYS = 366;

export const EarningsMessages = {
  fromRequired: 'from is required: the first day of the statement, as YYYY-MM-DD',
  toRequired: 'to is required: the last day of the statement, as YYYY-MM-DD',
  invalidFrom: 'from must be a date such as 2026-01-31 (YYYY-MM-DD)',
  invalidTo: 'to must be a date such as 2026-12-31 (YYYY-MM-DD)',
  fromAfterTo: 'from must be on or before to',
  rangeTooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days: choose a shorter range`,
  yearRequired: 'year is required, such as 2026',
  invalidYear: 'year must be a year such as 2026 (2000 to 9999)',
  payoutNotFound: 'Payout not found',
} as const;

export interface StatementLineView {
  /** When it happened (ISO 8601, UTC): the booking's payment, the refund, the payout's creation, the run. */
  at: string;
  kind: StatementLineKind;
  /** For people: "Session with Ada L. (booking)", "Refund to Ada L.", "Payout for 2026-W47 to PayPal (paid)". */
  description: string;
  /** What the line does to the balance, in integer cents: earning ≥ 0, reversal ≤ 0, payout < 0, carried 0. */
  amountCents: number;
  /** The running balance after this line, in integer cents. */
  balanceCents: number;
  bookingId?: string;
  /** The product order or tip (issue 27) the line is about. */
  orderId?: string;
  payoutId?: string;
}

/** Sums of the lines' amounts by kind (earnings ≥ 0, reversals ≤ 0, payouts ≤ 0): opening + all three = closing. */
export interface StatementTotalsView {
  earningsCents: number;
  reversalsCents: number;
  payoutsCents: number;
}

/** GET /api/earnings/statement?from=YYYY-MM-DD&to=YYYY-MM-DD */
export interface EarningsStatementResponse {
  from: string;
  to: string;
  /** The balance now, as the Payouts card shows it: the creator's ledger entries in no payout yet. */
  balanceCents: number;
  /** The running balance before `from`. */
  openingBalanceCents: number;
  /** The running balance at the end of `to` (equals balanceCents when the range reaches today). */
  closingBalanceCents: number;
  /** Oldest first. */
  lines: StatementLineView[];
  totals: StatementTotalsView;
}

export interface MonthTotalsView extends StatementTotalsView {
  /** "2026-01" */
  month: string;
}

/** GET /api/earnings/summary?year=YYYY: the year's totals, month by month (UTC). */
export interface EarningsSummaryResponse {
  year: number;
  openingBalanceCents: number;
  closingBalanceCents: number;
  /** Twelve months, January first. */
  months: MonthTotalsView[];
  totals: StatementTotalsView;
}

/** A payout as the statement expands it. */
export interface StatementPayoutView {
  id: string;
  week: string;
  amountCents: number;
  status: PayoutStatus;
  method: PayoutMethod | null;
  /** The PayPal e-mail or CashApp handle, masked (a***@example.com, $ab***). */
  destination: string | null;
  reference: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** GET /api/earnings/payouts/{id}: the payout and the ledger lines it paid, oldest first (balance: running sum). */
export interface EarningsPayoutResponse {
  payout: StatementPayoutView;
  lines: StatementLineView[];
}
