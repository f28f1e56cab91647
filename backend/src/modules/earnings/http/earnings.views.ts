import type {
  EarningsPayoutResponse,
  EarningsStatementResponse,
  EarningsSummaryResponse,
  StatementLineView,
  StatementTotalsView,
} from '@linkbio/shared-contracts';
import type { PayoutLines } from '../application/get-payout-lines.use-case.js';
import type { StatementOfPeriod } from '../application/get-statement.use-case.js';
import type { YearSummary } from '../application/get-year-summary.use-case.js';
import { maskedDestination, type StatementLine, type StatementTotals } from '../domain/statement.js';

export const toLineView = (line: StatementLine): StatementLineView => ({
  at: line.at.toISOString(),
  kind: line.kind,
  description: line.description,
  amountCents: line.amount,
  balanceCents: line.balance,
  ...(line.bookingId ? { bookingId: line.bookingId } : {}),
  ...(line.orderId ? { orderId: line.orderId } : {}),
  ...(line.payoutId ? { payoutId: line.payoutId } : {}),
});

const toTotalsView = (totals: StatementTotals): StatementTotalsView => ({
  earningsCents: totals.earnings,
  reversalsCents: totals.reversals,
  payoutsCents: totals.payouts,
});

export const toStatementView = (s: StatementOfPeriod): EarningsStatementResponse => ({
  from: s.period.from,
  to: s.period.to,
  balanceCents: s.balance,
  openingBalanceCents: s.opening,
  closingBalanceCents: s.closing,
  lines: s.lines.map(toLineView),
  totals: toTotalsView(s.totals),
});

export const toSummaryView = (s: YearSummary): EarningsSummaryResponse => ({
  year: s.year,
  openingBalanceCents: s.opening,
  closingBalanceCents: s.closing,
  months: s.months.map((m) => ({ month: m.month, ...toTotalsView(m) })),
  totals: toTotalsView(s.totals),
});

export const toPayoutLinesView = ({ payout, lines }: PayoutLines): EarningsPayoutResponse => ({
  payout: {
    id: payout.id,
    week: payout.week,
    amountCents: payout.amount,
    status: payout.status,
    method: payout.method,
    destination: maskedDestination(payout.method, payout.destination),
    reference: payout.reference ?? payout.providerBatchId,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
  },
  lines: lines.map(toLineView),
});
