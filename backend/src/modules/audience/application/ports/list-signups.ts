import type { Id } from '../../../../shared/ids.js';

/**
 * The e-mail list's port for checkouts: a buyer or booker who ticked "join the list" is asked to confirm
 * (double opt-in), as if they had used the page's subscribe block. Never fails the purchase: a refused or
 * rate-limited address is recorded, not thrown.
 */
export abstract class ListSignups {
  abstract request(creatorId: Id, email: string, source: 'checkout'): Promise<void>;
}
