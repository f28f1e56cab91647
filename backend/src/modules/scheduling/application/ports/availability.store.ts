import type { Id } from '../../../../shared/ids.js';
import type { Availability } from '../../domain/availability.js';

/** A creator as a visitor finds them by username, and whether they take paid bookings now. */
export interface BookableCreator {
  id: Id;
  /** Booking switched on; which sessions they offer (none: no bookings either) is SessionTypeCatalog's to say. */
  takesBookings: boolean;
}

/** Each creator's availability (one row per creator, replaced whole). */
export abstract class AvailabilityStore {
  abstract find(creatorId: Id): Promise<Availability | null>;
  abstract save(creatorId: Id, availability: Availability, now: Date): Promise<void>;
  abstract findCreator(username: string): Promise<BookableCreator | null>;
}
