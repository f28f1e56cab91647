import type { PayoutMethod, PayoutStatus } from '@linkbio/shared-contracts';

/**
 * What a creator's statement is made of, as read from the ledger (integer cents). Entries are billing's
 * ledger rows (an earning per paid booking, a reversal per refund: a booking may have several); payouts and
 * carried-over weeks are the payouts module's.
 */
export interface EntryFact {
  kind: 'earning' | 'reversal';
  id: string;
  at: Date;
  /** As stored: earnings ≥ 0, reversals ≤ 0. */
  amount: number;
  bookingId: string | null;
  /** The booking's visitor as they gave their name (never shown in full, see visitorName). */
  customerName: string | null;
  /** A product order's or a tip's entry (issue 27): the order, its kind and title ('Tip' for a tip). */
  orderId?: string | null;
  sale?: { kind: 'product' | 'tip'; title: string } | null;
  payoutId: string | null;
}

export interface PayoutFact {
  kind: 'payout';
  id: string;
  at: Date;
  /** The payout's amount, > 0 (the statement shows it as a negative line). */
  amount: number;
  week: string;
  status: PayoutStatus;
  method: PayoutMethod | null;
}

export interface CarriedFact {
  kind: 'carried';
  id: string;
  at: Date;
  /** The week's net, ≤ 0, carried into the next weeks. */
  amount: number;
  week: string;
}

export type LedgerFact = EntryFact | PayoutFact | CarriedFact;

/** A payout as its expansion shows it (destination as stored: mask it before it leaves). */
export interface PayoutRecord {
  id: string;
  week: string;
  amount: number;
  status: PayoutStatus;
  method: PayoutMethod | null;
  destination: string | null;
  reference: string | null;
  providerBatchId: string | null;
  createdAt: Date;
  paidAt: Date | null;
}
