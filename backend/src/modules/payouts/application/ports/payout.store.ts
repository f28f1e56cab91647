import type { PayoutStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';
import type { Payout, PayoutDetails } from '../../domain/payout.js';

/** A creator's earning from one paid booking (billing's ledger), not yet in a payout. Integer cents. */
export interface UnassignedEntry {
  id: Id;
  amount: number;
}

/** A payout with the creator's username, for the operators. */
export interface PayoutWithCreator extends Payout {
  username: string;
}

export interface OperatorPayoutFilter {
  status?: PayoutStatus;
  week?: string;
  ids?: Id[];
}

/** Who a payout notice goes to, and when the payout's earliest and latest ledger entries were made. */
export interface PayoutNoticeRecipient {
  email: string;
  displayName: string;
  firstEntryAt: Date | null;
  lastEntryAt: Date | null;
}

/** Payouts and the ledger entries they pay. Calls join the current transaction (see Transactions). */
export abstract class PayoutStore {
  /** Creators with ledger entries created before `before` and in no payout yet. */
  abstract creatorsWithUnassignedEntries(before: Date): Promise<Id[]>;
  /**
   * The creator's entries created before `before` and in no payout, locked until the transaction ends: a
   * concurrent run waits here and then finds them assigned.
   */
  abstract lockUnassignedEntries(creatorId: Id, before: Date): Promise<UnassignedEntry[]>;
  /**
   * The creator's PayPal e-mail and CashApp handle and whether their account's e-mail address is confirmed
   * (identity's settings); null when the creator is gone.
   */
  abstract payoutDetailsOf(creatorId: Id): Promise<PayoutDetails | null>;

  /** False, storing nothing, when the creator already has a payout for that week (one per creator per week). */
  abstract insert(payout: Payout): Promise<boolean>;
  abstract assignEntries(payoutId: Id, entryIds: Id[]): Promise<void>;
  /** Stamps the payout's ledger entries as paid out. */
  abstract markEntriesPaidOut(payoutId: Id, at: Date): Promise<void>;

  /** The creator's account e-mail and name, and the span of the payout's entries; null when either is gone. */
  abstract noticeRecipientOf(payoutId: Id): Promise<PayoutNoticeRecipient | null>;

  abstract find(id: Id): Promise<Payout | null>;
  /** Locks the payout until the transaction ends. */
  abstract lock(id: Id): Promise<Payout | null>;
  /** Saves the payout's state only if its stored status is still `expected`; false when it changed meanwhile. */
  abstract update(payout: Payout, expected: PayoutStatus): Promise<boolean>;

  /** On-hold payouts whose creator has since set PayPal or CashApp details and confirmed their e-mail, with those details. */
  abstract heldWithDetails(limit: number): Promise<Array<{ payout: Payout; details: PayoutDetails }>>;
  /** Payouts in a status, least recently changed first; `updatedBefore` narrows to those not touched since. */
  abstract inStatus(status: PayoutStatus, options: { updatedBefore?: Date; limit: number }): Promise<Payout[]>;

  /** How many payouts are in each status (every status, 0 when none): the operators' metrics. */
  abstract countByStatus(): Promise<Record<PayoutStatus, number>>;

  /** A creator's payouts, newest week first. */
  abstract listForCreator(creatorId: Id): Promise<Payout[]>;
  /** The sum of the creator's ledger entries in no payout yet (earnings less reversals), in cents. */
  abstract balanceOf(creatorId: Id): Promise<number>;
  /** Every creator's payouts, newest week first. */
  abstract listForOperators(filter: OperatorPayoutFilter): Promise<PayoutWithCreator[]>;
}
