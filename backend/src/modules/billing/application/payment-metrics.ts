import { Injectable } from '@nestjs/common';
import { Metrics, type Counter } from '../../../shared/metrics/metrics.js';
import { KNOWN_EVENT_TYPES, type PaymentEvent } from '../domain/payment-event.js';
import type { UnappliedReason } from './unapplied-events.js';

type Provider = 'stripe' | 'local';

/**
 * Payments and refunds as the payment provider reports them, counted once per event (a delivery repeated is
 * not counted again), after its effects are committed: bookings' and Premium's payments that succeeded or
 * failed; refunds once each (see refund()).
 */
@Injectable()
export class PaymentMetrics {
  private readonly payments: Counter<'provider' | 'kind' | 'outcome'>;
  private readonly refunds: Counter<'provider' | 'outcome'>;
  private readonly failedAfterSuccess: Counter<'provider'>;
  private readonly unapplied: Counter<'provider' | 'type' | 'reason'>;

  constructor(metrics: Metrics) {
    this.payments = metrics.counter({
      name: 'linkbio_payments_total',
      help: 'Card payments by provider, kind (booking, subscription) and outcome (succeeded, failed).',
      labelNames: ['provider', 'kind', 'outcome'],
    });
    this.refunds = metrics.counter({
      name: 'linkbio_refunds_total',
      help: 'Refunds reported by the payment provider, by outcome (succeeded, failed).',
      labelNames: ['provider', 'outcome'],
    });
    this.failedAfterSuccess = metrics.counter({
      name: 'linkbio_refunds_failed_after_success_total',
      help: 'Refunds the provider reported failed after they had succeeded (bookings left refund_failed for the operators).',
      labelNames: ['provider'],
    });
    this.unapplied = metrics.counter({
      name: 'linkbio_provider_events_unapplied_total',
      help: 'Provider events the product could not match or apply, by type (known types, else other) and reason; see npm run ops -- payments:unapplied.',
      labelNames: ['provider', 'type', 'reason'],
    });
  }

  /**
   * A refund that succeeded or was refused, counted once per refund (whichever of its events, or the provider's
   * answer to the product's own request, told it first), not once per event.
   */
  refund(provider: Provider, outcome: 'succeeded' | 'failed'): void {
    this.refunds.inc({ provider, outcome });
  }

  refundFailedAfterSuccess(provider: Provider): void {
    this.failedAfterSuccess.inc({ provider });
  }

  /** An event not applied; its type a label only when the product knows it (a bounded set), else `other`. */
  eventUnapplied(provider: Provider, type: string, reason: UnappliedReason): void {
    this.unapplied.inc({ provider, type: (KNOWN_EVENT_TYPES as readonly string[]).includes(type) ? type : 'other', reason });
  }

  count(provider: Provider, event: PaymentEvent): void {
    const object = event.data.object;
    const metadata = (object.metadata !== null && typeof object.metadata === 'object' ? object.metadata : {}) as Record<string, unknown>;
    // A subscription's payments count through its invoices at Stripe; the local provider's carry its id.
    const kind = metadata.bookingId ? 'booking' : metadata.subscriptionId ? 'subscription' : null;
    switch (event.type) {
      case 'payment_intent.succeeded':
        if (kind === 'booking') this.payments.inc({ provider, kind, outcome: 'succeeded' });
        break;
      case 'payment_intent.payment_failed':
        if (kind) this.payments.inc({ provider, kind, outcome: 'failed' });
        break;
      case 'invoice.paid':
        this.payments.inc({ provider, kind: 'subscription', outcome: 'succeeded' });
        break;
      case 'invoice.payment_failed':
        this.payments.inc({ provider, kind: 'subscription', outcome: 'failed' });
        break;
    }
  }
}
