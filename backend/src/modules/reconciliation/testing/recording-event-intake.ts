import type { PaymentEvent } from '../../billing/domain/payment-event.js';
import { ProviderEventIntake } from '../../billing/application/ports/provider-event-intake.js';

type Outcome = 'applied' | 'duplicate' | 'unapplied';

/**
 * Billing's intake as a test sees it: the events handed over, each id applied once (then 'duplicate'), and
 * what applying does (`onApply`: the test changes its records as billing would), or a failure.
 */
export class RecordingEventIntake extends ProviderEventIntake {
  readonly events: Array<{ event: PaymentEvent; provider: 'stripe' | 'local' }> = [];
  private readonly seen = new Set<string>();
  failure: Error | null = null;

  constructor(private readonly onApply: (event: PaymentEvent) => Outcome = () => 'applied') {
    super();
  }

  apply(event: PaymentEvent, provider: 'stripe' | 'local'): Promise<Outcome> {
    this.events.push({ event: structuredClone(event), provider });
    if (this.failure) return Promise.reject(this.failure);
    if (this.seen.has(event.id)) return Promise.resolve('duplicate');
    this.seen.add(event.id);
    return Promise.resolve(this.onApply(event));
  }
}
