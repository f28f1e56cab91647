import { PAYOUT_STATUSES, type PayoutStatus } from '@linkbio/shared-contracts';
import { newId, type Id } from '../../../shared/ids.js';
import { copyOf } from '../../../shared/testing/copy.js';
import {
  PayoutStore,
  type OperatorPayoutFilter,
  type PayoutNoticeRecipient,
  type PayoutWithCreator,
  type UnassignedEntry,
} from '../application/ports/payout.store.js';
import { payableTo, type Payout, type PayoutDetails } from '../domain/payout.js';

export interface StoredCreator extends PayoutDetails {
  id: Id;
  username: string;
}

export interface StoredEntry {
  id: Id;
  creatorId: Id;
  amount: number;
  createdAt: Date;
  payoutId: Id | null;
  paidOutAt: Date | null;
}

const newestWeekFirst = (a: Payout, b: Payout) =>
  a.week === b.week ? b.createdAt.getTime() - a.createdAt.getTime() : a.week < b.week ? 1 : -1;

/** Payouts, creators' details and ledger entries in memory, handed out as copies like rows from a database. */
export class InMemoryPayoutStore extends PayoutStore {
  private readonly creators = new Map<Id, StoredCreator>();
  private readonly entries: StoredEntry[] = [];
  private readonly payouts = new Map<Id, Payout>();

  addCreator(details: Partial<StoredCreator> = {}): StoredCreator {
    const creator: StoredCreator = {
      id: newId(),
      username: `creator${this.creators.size + 1}`,
      paypalEmail: null,
      cashappHandle: null,
      emailVerified: true,
      ...details,
    };
    this.creators.set(creator.id, creator);
    return { ...creator };
  }

  changeDetails(creatorId: Id, details: Partial<PayoutDetails>): void {
    const creator = this.creators.get(creatorId);
    if (!creator) throw new Error(`No creator ${creatorId}`);
    Object.assign(creator, details);
  }

  /** A paid booking's earning, `at` the moment it was paid. */
  addEntry(creatorId: Id, amount: number, at: Date | string): StoredEntry {
    const entry: StoredEntry = {
      id: newId(),
      creatorId,
      amount,
      createdAt: new Date(at),
      payoutId: null,
      paidOutAt: null,
    };
    this.entries.push(entry);
    return { ...entry };
  }

  async balanceOf(creatorId: Id): Promise<number> {
    return this.entries.filter((e) => e.creatorId === creatorId && e.payoutId === null).reduce((sum, e) => sum + e.amount, 0);
  }

  entriesOf(creatorId: Id): StoredEntry[] {
    return this.entries.filter((e) => e.creatorId === creatorId).map((e) => ({ ...e }));
  }

  usernameOf(creatorId: Id): string {
    return this.creators.get(creatorId)?.username ?? '';
  }

  all(): Payout[] {
    return [...this.payouts.values()].map(copyOf).sort(newestWeekFirst);
  }

  creatorsWithUnassignedEntries(before: Date): Promise<Id[]> {
    const ids = new Set(
      this.entries.filter((e) => e.payoutId === null && e.createdAt < before).map((e) => e.creatorId),
    );
    return Promise.resolve([...ids].sort());
  }

  lockUnassignedEntries(creatorId: Id, before: Date): Promise<UnassignedEntry[]> {
    return Promise.resolve(
      this.entries
        .filter((e) => e.creatorId === creatorId && e.payoutId === null && e.createdAt < before)
        .map((e) => ({ id: e.id, amount: e.amount })),
    );
  }

  payoutDetailsOf(creatorId: Id): Promise<PayoutDetails | null> {
    const creator = this.creators.get(creatorId);
    return Promise.resolve(creator ? this.detailsOf(creatorId) : null);
  }

  insert(payout: Payout): Promise<boolean> {
    const taken = [...this.payouts.values()].some((p) => p.creatorId === payout.creatorId && p.week === payout.week);
    if (taken || this.payouts.has(payout.id)) return Promise.resolve(false);
    this.payouts.set(payout.id, copyOf(payout));
    return Promise.resolve(true);
  }

  assignEntries(payoutId: Id, entryIds: Id[]): Promise<void> {
    for (const entry of this.entries)
      if (entryIds.includes(entry.id) && entry.payoutId === null) entry.payoutId = payoutId;
    return Promise.resolve();
  }

  markEntriesPaidOut(payoutId: Id, at: Date): Promise<void> {
    for (const entry of this.entries)
      if (entry.payoutId === payoutId && entry.paidOutAt === null) entry.paidOutAt = new Date(at);
    return Promise.resolve();
  }

  noticeRecipientOf(payoutId: Id): Promise<PayoutNoticeRecipient | null> {
    const payout = this.payouts.get(payoutId);
    const creator = payout && this.creators.get(payout.creatorId);
    if (!payout || !creator) return Promise.resolve(null);
    const times = this.entries.filter((e) => e.payoutId === payoutId).map((e) => e.createdAt.getTime());
    return Promise.resolve({
      email: `${creator.username}@example.com`,
      displayName: `Creator ${creator.username}`,
      firstEntryAt: times.length ? new Date(Math.min(...times)) : null,
      lastEntryAt: times.length ? new Date(Math.max(...times)) : null,
    });
  }

  find(id: Id): Promise<Payout | null> {
    const payout = this.payouts.get(id);
    return Promise.resolve(payout ? copyOf(payout) : null);
  }

  lock(id: Id): Promise<Payout | null> {
    return this.find(id);
  }

  update(payout: Payout, expected: PayoutStatus): Promise<boolean> {
    const stored = this.payouts.get(payout.id);
    if (!stored || stored.status !== expected) return Promise.resolve(false);
    if ((payout.status === 'on_hold') !== (payout.method === null))
      throw new Error('check constraint: on_hold exactly when method is null');
    if ((payout.status === 'paid') !== (payout.paidAt !== null))
      throw new Error('check constraint: paid exactly when paid_at is set');
    this.payouts.set(payout.id, copyOf(payout));
    return Promise.resolve(true);
  }

  heldWithDetails(limit: number): Promise<Array<{ payout: Payout; details: PayoutDetails }>> {
    const held = [...this.payouts.values()]
      .filter((p) => p.status === 'on_hold')
      .map((p) => ({ payout: copyOf(p), details: this.detailsOf(p.creatorId) }))
      .filter(({ details }) => payableTo(details) !== null);
    return Promise.resolve(held.slice(0, limit));
  }

  inStatus(status: PayoutStatus, options: { updatedBefore?: Date; limit: number }): Promise<Payout[]> {
    const found = [...this.payouts.values()]
      .filter((p) => p.status === status && (!options.updatedBefore || p.updatedAt < options.updatedBefore))
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
    return Promise.resolve(found.slice(0, options.limit).map(copyOf));
  }

  countByStatus(): Promise<Record<PayoutStatus, number>> {
    const counts = Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, 0])) as Record<PayoutStatus, number>;
    for (const payout of this.payouts.values()) counts[payout.status] += 1;
    return Promise.resolve(counts);
  }

  listForCreator(creatorId: Id): Promise<Payout[]> {
    return Promise.resolve(this.all().filter((p) => p.creatorId === creatorId));
  }

  listForOperators(filter: OperatorPayoutFilter): Promise<PayoutWithCreator[]> {
    const found = this.all()
      .filter(
        (p) =>
          (!filter.status || p.status === filter.status) &&
          (!filter.week || p.week === filter.week) &&
          (!filter.ids || filter.ids.includes(p.id)),
      )
      .map((p) => ({ ...p, username: this.creators.get(p.creatorId)?.username ?? '' }));
    return Promise.resolve(found);
  }

  private detailsOf(creatorId: Id): PayoutDetails {
    const creator = this.creators.get(creatorId);
    return {
      paypalEmail: creator?.paypalEmail ?? null,
      cashappHandle: creator?.cashappHandle ?? null,
      emailVerified: creator?.emailVerified ?? false,
    };
  }
}
