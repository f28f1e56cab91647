import { newId, type Id } from '../../../shared/ids.js';
import { copyOf } from '../../../shared/testing/copy.js';
import {
  SupportRequestStore,
  type OperatorSupportFilter,
  type SupportRequestWithCreator,
} from '../application/ports/support-request.store.js';
import { operatorOrder, type SupportRequest } from '../domain/support-request.js';

export interface StoredCreator {
  id: Id;
  username: string;
  email: string;
}

/** created_at desc, id desc: as the creator's list is ordered in PostgreSQL. */
const newestFirst = (a: SupportRequest, b: SupportRequest) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Support requests and their creators in memory, handed out as copies like rows from a database. */
export class InMemorySupportRequestStore extends SupportRequestStore {
  private readonly creators = new Map<Id, StoredCreator>();
  private readonly requests = new Map<Id, SupportRequest>();

  addCreator(details: Partial<StoredCreator> = {}): StoredCreator {
    const username = details.username ?? `creator${this.creators.size + 1}`;
    const creator: StoredCreator = { id: newId(), username, email: `${username}@example.com`, ...details };
    this.creators.set(creator.id, creator);
    return { ...creator };
  }

  all(): SupportRequest[] {
    return [...this.requests.values()].map(copyOf);
  }

  insert(request: SupportRequest): Promise<void> {
    if (!this.creators.has(request.creatorId)) throw new Error('foreign key: the creator does not exist');
    if (this.requests.has(request.id)) throw new Error('primary key: the request exists');
    this.requests.set(request.id, copyOf(request));
    return Promise.resolve();
  }

  lock(id: Id): Promise<SupportRequest | null> {
    const request = this.requests.get(id);
    return Promise.resolve(request ? copyOf(request) : null);
  }

  save(request: SupportRequest): Promise<void> {
    const stored = this.requests.get(request.id);
    if (!stored) return Promise.resolve();
    if ((request.status === 'closed') !== (request.closedAt !== null))
      throw new Error('check constraint: closed exactly when closed_at is set');
    this.requests.set(request.id, { ...stored, status: request.status, closedAt: request.closedAt });
    return Promise.resolve();
  }

  listForCreator(creatorId: Id): Promise<SupportRequest[]> {
    return Promise.resolve(
      this.all()
        .filter((r) => r.creatorId === creatorId)
        .sort(newestFirst),
    );
  }

  listForOperators(filter: OperatorSupportFilter): Promise<SupportRequestWithCreator[]> {
    const found = this.all()
      .filter((r) => (!filter.status || r.status === filter.status) && (!filter.ids || filter.ids.includes(r.id)))
      .sort(operatorOrder)
      .map((r) => {
        const creator = this.creators.get(r.creatorId);
        return { ...r, username: creator?.username ?? '', email: creator?.email ?? '' };
      });
    return Promise.resolve(found);
  }
}
