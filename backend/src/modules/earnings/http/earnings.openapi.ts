import {
  PAYOUT_STATUSES,
  STATEMENT_LINE_KINDS,
  type EarningsPayoutResponse,
  type EarningsStatementResponse,
  type EarningsSummaryResponse,
  type MonthTotalsView,
  type StatementLineView,
  type StatementPayoutView,
  type StatementTotalsView,
} from '@linkbio/shared-contracts';
import {
  arrayOf,
  component,
  date,
  dateTime,
  integer,
  nullable,
  objectOf,
  oneOfValues,
  optional,
  string,
  uuid,
} from '../../../shared/http/openapi/schema.js';

/** The earnings answers' shapes, for the API description (earnings.views.ts makes them). */
const cents = (description: string) => ({ ...integer, description: `Integer cents. ${description}` });

const StatementLine = component(
  'StatementLineView',
  objectOf<StatementLineView>()({
    at: dateTime,
    kind: oneOfValues(STATEMENT_LINE_KINDS),
    description: {
      ...string,
      description: 'For people, e.g. "Session with Ada L. (booking)"; never an e-mail address.',
    },
    amountCents: cents('What the line does to the balance: earning ≥ 0, reversal ≤ 0, payout < 0, carried 0.'),
    balanceCents: cents('The running balance after this line.'),
    bookingId: optional(uuid),
    orderId: optional(uuid),
    payoutId: optional({ ...uuid, description: 'The payout (for an entry: the payout that took it).' }),
  }),
);

const totalsFields = {
  earningsCents: cents('Sum of the earning lines.'),
  reversalsCents: cents('Sum of the reversal lines (≤ 0).'),
  payoutsCents: cents('Sum of the payout lines (≤ 0).'),
};

const Totals = component('StatementTotalsView', objectOf<StatementTotalsView>()(totalsFields));

export const Statement = component(
  'EarningsStatementResponse',
  objectOf<EarningsStatementResponse>()({
    from: date,
    to: date,
    balanceCents: cents('The balance now, as the Payouts card shows it (entries in no payout yet).'),
    openingBalanceCents: cents('The running balance before `from`.'),
    closingBalanceCents: cents(
      'The running balance at the end of `to`; equals balanceCents when the range reaches today.',
    ),
    lines: arrayOf(StatementLine),
    totals: Totals,
  }),
);

export const Summary = component(
  'EarningsSummaryResponse',
  objectOf<EarningsSummaryResponse>()({
    year: integer,
    openingBalanceCents: cents('The running balance before 1 January.'),
    closingBalanceCents: cents('The running balance at the end of 31 December (or now).'),
    months: arrayOf(
      component(
        'MonthTotalsView',
        objectOf<MonthTotalsView>()({ month: { ...string, description: 'YYYY-MM' }, ...totalsFields }),
      ),
    ),
    totals: Totals,
  }),
);

export const PayoutLines = component(
  'EarningsPayoutResponse',
  objectOf<EarningsPayoutResponse>()({
    payout: component(
      'StatementPayoutView',
      objectOf<StatementPayoutView>()({
        id: uuid,
        week: string,
        amountCents: cents('The amount paid.'),
        status: oneOfValues(PAYOUT_STATUSES),
        method: nullable(oneOfValues(['paypal', 'cashapp'])),
        destination: nullable({ ...string, description: 'Masked: a***@example.com or $ab***.' }),
        reference: nullable(string),
        createdAt: dateTime,
        paidAt: nullable(dateTime),
      }),
    ),
    lines: arrayOf(StatementLine),
  }),
);
