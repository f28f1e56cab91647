import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, ValidateIf } from 'class-validator';
import { MaxChars, trimString } from './validators.js';

/** Weekly payouts (decisions.md): what creators see on the dashboard and operators in the admin API. */

export type PayoutMethod = 'paypal' | 'cashapp';

/**
 * on_hold: no PayPal e-mail or CashApp handle yet; pending: about to be sent; processing: accepted by PayPal;
 * awaiting_manual: with the operators (CashApp, or PayPal without the Payouts API); paid; failed.
 */
export type PayoutStatus = 'on_hold' | 'pending' | 'processing' | 'awaiting_manual' | 'paid' | 'failed';

export const PAYOUT_STATUSES: readonly PayoutStatus[] = [
  'on_hold',
  'pending',
  'processing',
  'awaiting_manual',
  'paid',
  'failed',
];

/** The operators' reference for a payout they made by hand (a PayPal or CashApp transaction id, a note). */
export const PAYOUT_REFERENCE_MAX_LENGTH = 255;

/** An ISO week label: four-digit ISO year, "-W", two-digit week (e.g. 2026-W47). */
export const ISO_WEEK_PATTERN = /^\d{4}-W\d{2}$/;

export const PayoutMessages = {
  notFound: 'Payout not found',
  referenceRequired: 'Reference is required: say how the payout was made (e.g. the PayPal or CashApp transaction id)',
  referenceTooLong: `Reference must be at most ${PAYOUT_REFERENCE_MAX_LENGTH} characters`,
  alreadyPaid: 'This payout has already been marked paid',
  onHold:
    'This payout is on hold until the creator adds a PayPal e-mail or CashApp handle, so it cannot be marked paid',
  invalidStatus: `Status must be one of ${PAYOUT_STATUSES.join(', ')}`,
  invalidWeek: 'Week must be an ISO week such as 2026-W47',
} as const;

export interface PayoutView {
  id: string;
  /** ISO week of the earnings, e.g. "2026-W47" (Monday to Sunday, UTC). */
  week: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  method: PayoutMethod | null;
  status: PayoutStatus;
  createdAt: string;
  paidAt: string | null;
}

/** GET /api/payouts: the signed-in creator's payouts, newest week first. */
export interface PayoutsResponse {
  payouts: PayoutView[];
  /**
   * Integer cents not in any payout yet: earnings waiting for their week's payout, less refunds of bookings.
   * Negative when refunds of weeks already paid out exceed what was earned since: taken from the next payouts.
   */
  balance: number;
}

/** The admin API's view: who is paid, where, and the operators' reference. */
export interface AdminPayoutView extends PayoutView {
  creatorId: string;
  username: string;
  destination: string | null;
  reference: string | null;
  providerBatchId: string | null;
  failureReason: string | null;
}

/** GET /api/admin/payouts: newest week first. */
export interface AdminPayoutsResponse {
  payouts: AdminPayoutView[];
}

const given = (_: object, value: unknown) => value !== undefined;

/** GET /api/admin/payouts?status=…&week=… */
export class AdminPayoutsQuery {
  @IsIn(PAYOUT_STATUSES, { message: PayoutMessages.invalidStatus })
  @ValidateIf(given)
  status?: PayoutStatus;

  @Matches(ISO_WEEK_PATTERN, { message: PayoutMessages.invalidWeek })
  @IsString({ message: PayoutMessages.invalidWeek })
  @ValidateIf(given)
  week?: string;
}

/** POST /api/admin/payouts/{id}/mark-paid: an operator paid it by hand (or saw PayPal pay it). */
export class MarkPayoutPaidRequest {
  @MaxChars(PAYOUT_REFERENCE_MAX_LENGTH, { message: PayoutMessages.referenceTooLong })
  @IsNotEmpty({ message: PayoutMessages.referenceRequired })
  @IsString({ message: PayoutMessages.referenceRequired })
  @Transform(trimString)
  reference!: string;
}
