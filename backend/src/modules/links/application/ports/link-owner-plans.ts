import type { Id } from '../../../../shared/ids.js';

/** Whether a link's creator is premium now, for the rules that apply only then (scheduling). */
export abstract class LinkOwnerPlans {
  /** False for an owner that does not exist. */
  abstract isPremium(ownerId: Id): Promise<boolean>;
}
