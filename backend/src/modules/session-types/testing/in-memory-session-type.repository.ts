import type { Id } from '../../../shared/ids.js';
import { type RemoveOutcome, SessionTypeRepository } from '../application/ports/session-type.repository.js';
import type { ImplicitSessionType, SessionType } from '../domain/session-type.js';

const copy = (type: SessionType): SessionType => ({
  ...type,
  location: type.location && { ...type.location },
  questions: type.questions.map((question) => ({ ...question, choices: question.choices && [...question.choices] })),
});

/** SessionTypeRepository over a Map, in the Postgres adapter's order; `implicit` holds creators' booking prices. For unit tests. */
export class InMemorySessionTypeRepository extends SessionTypeRepository {
  readonly types = new Map<Id, SessionType>();
  /** A creator's booking price and session length, as users and availability hold them. */
  readonly implicit = new Map<Id, ImplicitSessionType>();

  async listOwned(creatorId: Id): Promise<SessionType[]> {
    return [...this.types.values()]
      .filter((type) => type.creatorId === creatorId)
      .sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(copy);
  }

  async findOwned(creatorId: Id, id: Id): Promise<SessionType | null> {
    const type = this.types.get(id);
    return type && type.creatorId === creatorId ? copy(type) : null;
  }

  async storeImplicit(creatorId: Id, make: (implicit: ImplicitSessionType) => SessionType): Promise<void> {
    const implicit = this.implicit.get(creatorId);
    if (!implicit || (await this.listOwned(creatorId)).length > 0) return;
    const type = make(implicit);
    type.position = 0;
    this.types.set(type.id, copy(type));
  }

  async insert(type: SessionType, limit: number): Promise<boolean> {
    const owned = await this.listOwned(type.creatorId);
    if (owned.length >= limit) return false;
    type.position = owned.reduce((next, t) => Math.max(next, t.position + 1), 0);
    this.types.set(type.id, copy(type));
    return true;
  }

  async save(type: SessionType): Promise<boolean> {
    const stored = this.types.get(type.id);
    if (!stored || stored.creatorId !== type.creatorId) return false;
    this.types.set(type.id, { ...copy(type), position: stored.position, createdAt: stored.createdAt });
    return true;
  }

  async remove(creatorId: Id, id: Id): Promise<RemoveOutcome> {
    const owned = await this.listOwned(creatorId);
    if (!owned.some((type) => type.id === id)) return 'missing';
    if (owned.length === 1 && this.implicit.has(creatorId)) return 'only-type';
    this.types.delete(id);
    return 'removed';
  }

  async reorder(creatorId: Id, ids: Id[]): Promise<boolean> {
    const owned = await this.listOwned(creatorId);
    if (ids.length !== owned.length || new Set(ids).size !== ids.length || !owned.every((t) => ids.includes(t.id))) return false;
    ids.forEach((id, position) => (this.types.get(id)!.position = position));
    return true;
  }
}
