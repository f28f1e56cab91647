import { Injectable } from '@nestjs/common';
import type { PaymentEvent } from '../domain/payment-event.js';
import { HandlePaymentEventUseCase } from './handle-payment-event.use-case.js';
import { ProviderEventIntake } from './ports/provider-event-intake.js';

/** ProviderEventIntake over the webhook's own use case: an event handed in applies as its webhook would. */
@Injectable()
export class PaymentEventIntake extends ProviderEventIntake {
  constructor(private readonly events: HandlePaymentEventUseCase) {
    super();
  }

  async apply(event: PaymentEvent, _provider: 'stripe' | 'local'): Promise<'applied' | 'duplicate' | 'unapplied'> {
    const outcome = await this.events.execute(event);
    return outcome === 'ignored' ? 'unapplied' : outcome;
  }
}
