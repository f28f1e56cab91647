import type { Id } from '../../../shared/ids.js';
import { SessionTypeCatalog, type BookableSessionType } from '../application/ports/session-type-catalog.js';

/** SessionTypeCatalog held in memory, for unit tests: `set` a creator's bookable types. */
export class InMemorySessionTypeCatalog extends SessionTypeCatalog {
  private readonly types = new Map<Id, BookableSessionType[]>();

  set(creatorId: Id, types: BookableSessionType[]): void {
    this.types.set(creatorId, types);
  }

  async bookable(creatorId: Id): Promise<BookableSessionType[]> {
    return this.types.get(creatorId) ?? [];
  }
}
