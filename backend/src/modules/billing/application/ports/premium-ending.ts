import type { Id } from '../../../../shared/ids.js';

/**
 * What billing offers other modules about a creator's Premium: ending it at once at the payment provider (an
 * account being deleted). Safe to repeat.
 */
export abstract class PremiumEnding {
  abstract endNow(userId: Id): Promise<void>;
}
