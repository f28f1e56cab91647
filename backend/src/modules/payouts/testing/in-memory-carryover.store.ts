import type { Id } from '../../../shared/ids.js';
import { copyOf } from '../../../shared/testing/copy.js';
import { CarryoverStore } from '../application/ports/carryover.store.js';
import type { Carryover, CarryoverWithCreator } from '../domain/carryover.js';

/** Carried-over weeks in memory, one per creator and week, handed out as copies. */
export class InMemoryCarryoverStore extends CarryoverStore {
  private readonly carried: Carryover[] = [];

  constructor(private readonly usernameOf: (creatorId: Id) => string = () => '') {
    super();
  }

  record(carryover: Carryover): Promise<Carryover> {
    const stored = this.carried.find((c) => c.creatorId === carryover.creatorId && c.week === carryover.week);
    if (stored) return Promise.resolve(copyOf(stored));
    this.carried.push(copyOf(carryover));
    return Promise.resolve(copyOf(carryover));
  }

  all(): Carryover[] {
    return this.carried.map(copyOf);
  }

  forOperators(week: string, creatorIds: Id[]): Promise<CarryoverWithCreator[]> {
    return Promise.resolve(
      this.carried
        .filter((c) => c.week === week && creatorIds.includes(c.creatorId))
        .map((c) => ({ ...copyOf(c), username: this.usernameOf(c.creatorId) }))
        .sort((a, b) => a.username.localeCompare(b.username)),
    );
  }
}
