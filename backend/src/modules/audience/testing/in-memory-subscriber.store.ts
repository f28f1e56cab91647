import type { Id } from '../../../shared/ids.js';
import { SubscriberStore, type SubscriberPage } from '../application/ports/subscriber.store.js';
import type { ListOwner, Subscriber } from '../domain/subscriber.js';

interface Row extends Subscriber {
  confirmTokenHash: string | null;
  confirmExpiresAt: Date | null;
}

/** The list in memory, with the Postgres store's rules (one row per creator and address, hashes only). */
export class InMemorySubscriberStore extends SubscriberStore {
  readonly owners: ListOwner[] = [];
  readonly rows: Row[] = [];
  readonly unsubscribeTokens = new Map<string, Id>();

  ownerByUsername(username: string): Promise<ListOwner | null> {
    return Promise.resolve(this.owners.find((o) => o.username.toLowerCase() === username.toLowerCase()) ?? null);
  }

  ownerById(id: Id): Promise<ListOwner | null> {
    return Promise.resolve(this.owners.find((o) => o.id === id) ?? null);
  }

  requestConfirmation(input: Parameters<SubscriberStore['requestConfirmation']>[0]): Promise<{ subscriberId: Id } | null> {
    const row = this.rows.find((r) => r.creatorId === input.creatorId && r.email === input.email);
    if (row?.status === 'confirmed') return Promise.resolve(null);
    if (row) {
      Object.assign(row, { status: 'pending', confirmTokenHash: input.tokenHash, confirmExpiresAt: input.expiresAt });
      return Promise.resolve({ subscriberId: row.id });
    }
    this.rows.push({
      id: input.id,
      creatorId: input.creatorId,
      email: input.email,
      status: 'pending',
      source: input.source,
      createdAt: input.now,
      confirmedAt: null,
      unsubscribedAt: null,
      confirmTokenHash: input.tokenHash,
      confirmExpiresAt: input.expiresAt,
    });
    return Promise.resolve({ subscriberId: input.id });
  }

  confirm(tokenHash: string, now: Date): Promise<boolean> {
    const row = this.rows.find((r) => r.confirmTokenHash === tokenHash && r.confirmExpiresAt! > now && r.status !== 'unsubscribed');
    if (row) Object.assign(row, { status: 'confirmed', confirmedAt: row.confirmedAt ?? now });
    return Promise.resolve(Boolean(row));
  }

  addUnsubscribeToken(subscriberId: Id, tokenHash: string): Promise<void> {
    this.unsubscribeTokens.set(tokenHash, subscriberId);
    return Promise.resolve();
  }

  unsubscribeTokenKnown(tokenHash: string): Promise<boolean> {
    return Promise.resolve(this.unsubscribeTokens.has(tokenHash));
  }

  unsubscribe(tokenHash: string, now: Date): Promise<boolean> {
    const row = this.rows.find((r) => r.id === this.unsubscribeTokens.get(tokenHash));
    if (row && row.status !== 'unsubscribed') Object.assign(row, { status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null });
    return Promise.resolve(Boolean(row));
  }

  page(creatorId: Id, limit: number): Promise<SubscriberPage> {
    return Promise.resolve({ subscribers: this.rows.filter((r) => r.creatorId === creatorId).slice(0, limit), nextCursor: null });
  }

  all(creatorId: Id): Promise<Subscriber[]> {
    return Promise.resolve(this.rows.filter((r) => r.creatorId === creatorId));
  }

  confirmedCount(creatorId: Id): Promise<number> {
    return Promise.resolve(this.rows.filter((r) => r.creatorId === creatorId && r.status === 'confirmed').length);
  }

  remove(creatorId: Id, subscriberId: Id): Promise<boolean> {
    const index = this.rows.findIndex((r) => r.id === subscriberId && r.creatorId === creatorId);
    if (index >= 0) this.rows.splice(index, 1);
    return Promise.resolve(index >= 0);
  }

  saveBlock(creatorId: Id, enabled: boolean, title: string | null): Promise<void> {
    const owner = this.owners.find((o) => o.id === creatorId);
    if (owner) Object.assign(owner, { subscribeEnabled: enabled, subscribeTitle: title });
    return Promise.resolve();
  }
}
