import type { PayoutMethod, PayoutStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import type { IsoWeek } from './iso-week.js';
import { payoutAlreadyPaid, payoutOnHold } from './payouts.errors.js';

/** A creator's earnings of one ISO week (plus earlier ones not paid out yet), paid as one sum. Integer cents. */
export interface Payout {
  id: Id;
  creatorId: Id;
  /** "2026-W47" */
  week: string;
  /** The week's end (next Monday 00:00 UTC): the payout holds the creator's earnings made before it. */
  periodEnd: Date;
  amount: number;
  currency: string;
  /** null exactly while on hold. */
  method: PayoutMethod | null;
  /** The PayPal e-mail or CashApp handle, copied when the payout is made or released. */
  destination: string | null;
  status: PayoutStatus;
  providerBatchId: string | null;
  reference: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}

/** Where a creator wants to be paid (their settings), and whether they may be paid yet. */
export interface PayoutDetails {
  paypalEmail: string | null;
  cashappHandle: string | null;
  /** The creator's account e-mail address is confirmed (issue 14): payouts wait until it is. */
  emailVerified: boolean;
}

export interface Destination {
  method: PayoutMethod;
  destination: string;
}

/** What a payout provider said about a payout (see PayoutGateway). */
export type PayoutDispatch =
  | { status: 'processing'; providerBatchId: string | null }
  | { status: 'paid'; providerBatchId: string }
  | { status: 'awaiting_manual' }
  | { status: 'failed'; reason: string };

export const PAYOUT_CURRENCY = 'usd';
const FAILURE_REASON_MAX = 500;

/** The PayPal e-mail when set, else the CashApp handle, else nowhere yet (the payout waits on hold). */
export function destinationFor(
  details: Pick<PayoutDetails, 'paypalEmail' | 'cashappHandle'> | null,
): Destination | null {
  const paypal = details?.paypalEmail?.trim();
  if (paypal) return { method: 'paypal', destination: paypal };
  const cashapp = details?.cashappHandle?.trim();
  if (cashapp) return { method: 'cashapp', destination: cashapp };
  return null;
}

/** Where a payout goes now: nowhere (it waits on hold) until the creator's e-mail is confirmed and they said where. */
export function payableTo(details: PayoutDetails | null): Destination | null {
  return details?.emailVerified ? destinationFor(details) : null;
}

/**
 * A new payout for a week: pending when the creator said where to pay them and confirmed their e-mail
 * address, on hold otherwise.
 */
export function openPayout(input: {
  id: Id;
  creatorId: Id;
  week: IsoWeek;
  amount: number;
  details: PayoutDetails | null;
  now: Date;
}): Payout {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new RangeError('A payout is a positive whole number of cents');
  const to = payableTo(input.details);
  return {
    id: input.id,
    creatorId: input.creatorId,
    week: input.week.label,
    periodEnd: input.week.end,
    amount: input.amount,
    currency: PAYOUT_CURRENCY,
    method: to?.method ?? null,
    destination: to?.destination ?? null,
    status: to ? 'pending' : 'on_hold',
    providerBatchId: null,
    reference: null,
    failureReason: null,
    createdAt: input.now,
    updatedAt: input.now,
    paidAt: null,
  };
}

/**
 * An on-hold payout whose creator has since set PayPal or CashApp details, with a confirmed e-mail address,
 * becomes pending; else null.
 */
export function released(payout: Payout, details: PayoutDetails | null, now: Date): Payout | null {
  if (payout.status !== 'on_hold') return null;
  const to = payableTo(details);
  if (!to) return null;
  return { ...payout, method: to.method, destination: to.destination, status: 'pending', updatedAt: now };
}

/** The payout after its provider's answer; unchanged (the same object) when nothing moved. */
export function dispatched(payout: Payout, outcome: PayoutDispatch, now: Date): Payout {
  switch (outcome.status) {
    case 'processing':
      if (payout.status === 'processing' && (outcome.providerBatchId ?? null) === payout.providerBatchId) return payout;
      return {
        ...payout,
        status: 'processing',
        providerBatchId: outcome.providerBatchId ?? payout.providerBatchId,
        updatedAt: now,
      };
    case 'paid':
      return { ...payout, status: 'paid', providerBatchId: outcome.providerBatchId, paidAt: now, updatedAt: now };
    case 'awaiting_manual':
      if (payout.status === 'awaiting_manual') return payout;
      return { ...payout, status: 'awaiting_manual', updatedAt: now };
    case 'failed':
      return {
        ...payout,
        status: 'failed',
        failureReason: outcome.reason.slice(0, FAILURE_REASON_MAX),
        updatedAt: now,
      };
  }
}

/**
 * An operator says the payout was made (by hand, or they saw PayPal complete it): from pending, processing,
 * awaiting_manual or failed. A payout paid already, or on hold (nowhere to pay yet), is a conflict.
 */
export function markedPaid(payout: Payout, reference: string, now: Date): Payout {
  switch (payout.status) {
    case 'paid':
      throw payoutAlreadyPaid();
    case 'on_hold':
      throw payoutOnHold();
    case 'pending':
    case 'processing':
    case 'awaiting_manual':
    case 'failed':
      return { ...payout, status: 'paid', reference, paidAt: now, updatedAt: now };
  }
}

/** Dollars for people (the CLI's tables): 1234 → "$12.34". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
