import type { Id } from '../../../../shared/ids.js';

/**
 * Counts a creator's support requests in a store every API process shares. `consume` rejects with a "too
 * many" DomainError (429, Retry-After) once the creator has sent SUPPORT_REQUESTS_PER_HOUR within the hour.
 */
export abstract class SupportRequestLimiter {
  abstract consume(creatorId: Id): Promise<void>;
}
