import type { Id } from '../../../../shared/ids.js';

/** Premium at the payment provider (billing's subscriptions). */
export abstract class PremiumCancellation {
  /** Cancels every subscription of the account at once at the provider, and records it. Safe to repeat. */
  abstract cancelNow(userId: Id): Promise<void>;
}
