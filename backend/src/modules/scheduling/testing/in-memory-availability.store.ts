import type { Id } from '../../../shared/ids.js';
import type { Availability } from '../domain/availability.js';
import { AvailabilityStore, type BookableCreator } from '../application/ports/availability.store.js';

/** AvailabilityStore in memory; creators are added by the test (`addCreator`). */
export class InMemoryAvailabilityStore extends AvailabilityStore {
  private readonly saved = new Map<Id, Availability>();
  private readonly creators = new Map<string, BookableCreator>();

  addCreator(username: string, creator: BookableCreator): void {
    this.creators.set(username.toLowerCase(), creator);
  }

  async find(creatorId: Id): Promise<Availability | null> {
    const availability = this.saved.get(creatorId);
    return availability ? structuredClone(availability) : null;
  }

  async save(creatorId: Id, availability: Availability): Promise<void> {
    this.saved.set(creatorId, structuredClone(availability));
  }

  async findCreator(username: string): Promise<BookableCreator | null> {
    return this.creators.get(username.toLowerCase()) ?? null;
  }
}
