import type { Id } from '../../../shared/ids.js';
import { LinkOwnerPlans } from '../application/ports/link-owner-plans.js';

/** LinkOwnerPlans over a set of premium owners; everyone else is on the free plan. */
export class InMemoryLinkOwnerPlans extends LinkOwnerPlans {
  private readonly premium = new Set<Id>();

  async isPremium(ownerId: Id): Promise<boolean> {
    return this.premium.has(ownerId);
  }

  setPremium(ownerId: Id, isPremium = true): void {
    if (isPremium) this.premium.add(ownerId);
    else this.premium.delete(ownerId);
  }
}
