import type { Id } from '../../../shared/ids.js';
import { PremiumCancellation } from '../application/ports/premium-cancellation.js';

/** Records the accounts whose Premium was cancelled; `unavailable` plays a provider that cannot be reached. */
export class RecordingPremiumCancellation extends PremiumCancellation {
  readonly cancelled: Id[] = [];
  unavailable: Error | null = null;

  async cancelNow(userId: Id): Promise<void> {
    if (this.unavailable) throw this.unavailable;
    this.cancelled.push(userId);
  }
}
