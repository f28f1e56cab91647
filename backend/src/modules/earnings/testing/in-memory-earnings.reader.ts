import type { Id } from '../../../shared/ids.js';
import { EarningsReader, type StatementFacts } from '../application/ports/earnings.reader.js';
import type { EntryFact, LedgerFact, PayoutRecord } from '../domain/ledger-facts.js';

/** A creator's ledger in memory: entries, payouts (with their records) and carried weeks, as facts. */
export class InMemoryEarningsReader extends EarningsReader {
  private readonly facts: Array<{ creatorId: Id; fact: LedgerFact }> = [];
  private readonly payouts = new Map<Id, { creatorId: Id; record: PayoutRecord }>();

  add(creatorId: Id, fact: LedgerFact): void {
    this.facts.push({ creatorId, fact });
  }

  addPayout(creatorId: Id, record: PayoutRecord): void {
    this.payouts.set(record.id, { creatorId, record });
    this.add(creatorId, {
      kind: 'payout',
      id: record.id,
      at: record.createdAt,
      amount: record.amount,
      week: record.week,
      status: record.status,
      method: record.method,
    });
  }

  statementFacts(creatorId: Id, start: Date, end: Date): Promise<StatementFacts> {
    const mine = this.facts.filter((f) => f.creatorId === creatorId).map((f) => f.fact);
    const effect = (f: LedgerFact) => (f.kind === 'payout' ? -f.amount : f.kind === 'carried' ? 0 : f.amount);
    return Promise.resolve({
      balance: mine.reduce(
        (sum, f) => sum + (f.kind === 'earning' || f.kind === 'reversal' ? (f.payoutId ? 0 : f.amount) : 0),
        0,
      ),
      opening: mine.filter((f) => f.at < start).reduce((sum, f) => sum + effect(f), 0),
      facts: mine.filter((f) => f.at >= start && f.at < end),
    });
  }

  payoutOf(creatorId: Id, payoutId: Id): Promise<PayoutRecord | null> {
    const found = this.payouts.get(payoutId);
    return Promise.resolve(found && found.creatorId === creatorId ? { ...found.record } : null);
  }

  entriesOfPayout(payoutId: Id): Promise<EntryFact[]> {
    return Promise.resolve(
      this.facts
        .map((f) => f.fact)
        .filter((f): f is EntryFact => (f.kind === 'earning' || f.kind === 'reversal') && f.payoutId === payoutId),
    );
  }
}
