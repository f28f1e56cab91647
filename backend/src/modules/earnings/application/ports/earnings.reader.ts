import type { Id } from '../../../../shared/ids.js';
import type { EntryFact, LedgerFact, PayoutRecord } from '../../domain/ledger-facts.js';

/** What one statement reads, from one consistent view of the ledger. Integer cents. */
export interface StatementFacts {
  /** The creator's entries in no payout yet: the balance the Payouts card shows. */
  balance: number;
  /** Entries made before `start` less the payouts made before it. */
  opening: number;
  /** Entries, payouts and carried-over weeks made in [start, end). */
  facts: LedgerFact[];
}

/**
 * The creator's ledger as the statement reads it: billing's ledger entries (with the booking's visitor
 * name), the payouts and the carried-over weeks. Read-only.
 */
export abstract class EarningsReader {
  /** Everything of [start, end) and the balances, read in one snapshot (a payout run meanwhile changes none of it). */
  abstract statementFacts(creatorId: Id, start: Date, end: Date): Promise<StatementFacts>;
  /** The creator's payout, or null when there is none with that id or it is another creator's. */
  abstract payoutOf(creatorId: Id, payoutId: Id): Promise<PayoutRecord | null>;
  /** The ledger entries a payout took, oldest first. */
  abstract entriesOfPayout(payoutId: Id): Promise<EntryFact[]>;
}
