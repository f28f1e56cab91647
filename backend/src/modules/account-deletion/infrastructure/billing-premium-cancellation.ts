import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { PremiumEnding } from '../../billing/application/ports/premium-ending.js';
import { PremiumCancellation } from '../application/ports/premium-cancellation.js';

/** Premium through billing's PremiumEnding port (its payment provider, Stripe or the local one). */
@Injectable()
export class BillingPremiumCancellation extends PremiumCancellation {
  constructor(private readonly premium: PremiumEnding) {
    super();
  }

  cancelNow(userId: Id): Promise<void> {
    return this.premium.endNow(userId);
  }
}
