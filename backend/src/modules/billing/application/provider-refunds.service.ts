import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { newId } from '../../../shared/ids.js';
import { dollars, type Booking } from '../domain/booking.js';
import { PaymentMetrics } from './payment-metrics.js';
import { BillingStore } from './ports/billing.store.js';
import { RefundStore, type Refund } from './ports/refund.store.js';
import type { ChargeRefundFacts, RefundFacts } from './provider-objects.js';
import { RefundEffects } from './refund-effects.service.js';
import { unapplied, type Unapplied } from './unapplied-events.js';

export type RefundOutcome = 'applied' | 'duplicate' | Unapplied;

/** The states in which a booking was paid for: refunds made at the provider apply in each. */
const PAID: Booking['status'][] = ['paid', 'cancelled', 'refund_due', 'partially_refunded', 'refunded', 'refund_failed'];

/**
 * Refunds as the provider reports them (refund.created / updated / failed, charge.refunded; also synthesized by
 * a reconciliation through ProviderEventIntake), inside the event's transaction. Each refund is keyed on the
 * provider's refund id, never on the event: the same refund reported by several events, in any order and
 * repeated, is applied once. A refund first heard of with no id known yet is matched to the booking's refund
 * waiting for its id with the same amount (the product's own request, or a charge.refunded that did not list
 * its refunds). Succeeded, it is counted (the creator's share reversed in proportion) and the booking settled
 * (partially_refunded, or refunded once they add up to the amount). Failed after it had succeeded: the booking
 * is refund_failed, counted and logged for the operators.
 */
@Injectable()
export class ProviderRefundsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly store: BillingStore,
    private readonly refunds: RefundStore,
    private readonly effects: RefundEffects,
    private readonly metrics: PaymentMetrics,
    private readonly clock: Clock,
  ) {}

  /** One refund and how it stands (refund.* events, or a reconciliation's). */
  async applyRefund(facts: RefundFacts, provider: 'stripe' | 'local'): Promise<RefundOutcome> {
    const booking = await this.bookingOf(facts.intentId, facts.currency);
    if (!('id' in booking)) return booking;
    return this.applyTo(booking, facts, provider);
  }

  /**
   * charge.refunded: each refund it lists, as its own event would be. A charge that does not list its refunds
   * tells only the total refunded so far: what exceeds the refunds known is one refund made at the provider.
   */
  async applyCharge(facts: ChargeRefundFacts, provider: 'stripe' | 'local'): Promise<RefundOutcome> {
    let booking = await this.bookingOf(facts.intentId, facts.currency);
    if (!('id' in booking)) return booking;
    if (facts.amountRefunded > booking.amount) {
      return unapplied('exceeds_payment', `The charge reports ${dollars(facts.amountRefunded)} refunded of a ${dollars(booking.amount)} payment.`, facts.intentId);
    }
    if (facts.refunds) {
      const outcomes: RefundOutcome[] = [];
      for (const refund of facts.refunds) {
        outcomes.push(await this.applyTo(booking, refund, provider));
        booking = (await this.refunds.lockBooking(booking.id))!;
      }
      return outcomes.includes('applied') ? 'applied' : (outcomes.find((o) => o !== 'duplicate') ?? 'duplicate');
    }
    const known = (await this.refunds.refundsOf(booking.id)).filter((r) => r.status === 'succeeded' || r.failedAfterSuccessAt);
    const gap = facts.amountRefunded - known.reduce((sum, r) => sum + r.amount, 0);
    if (gap <= 0) return 'duplicate';
    // Waiting for it: the product's own refund of that amount, else a refund made at the provider (its id not told).
    const refund =
      (await this.waitingFor(booking, gap, true)) ??
      (await this.refunds.addProviderRefund({ id: newId(), bookingId: booking.id, amount: gap, currency: facts.currency, providerRefundId: null, status: 'pending', now: this.clock.now() }));
    return this.succeeded(booking, refund, null, provider);
  }

  private async bookingOf(intentId: string, currency: string): Promise<Booking | Unapplied> {
    const found = await this.store.findBookingByIntent(intentId);
    const booking = found && (await this.refunds.lockBooking(found.id));
    if (!booking) return unapplied('unknown_payment', 'No booking was paid with this payment.', intentId);
    if (currency !== 'usd') return unapplied('currency_mismatch', `The refund is in ${currency.toUpperCase().slice(0, 3)}; bookings are paid in USD.`, intentId);
    if (!PAID.includes(booking.status)) return unapplied('not_paid', `The booking this payment is for is ${booking.status.replace(/_/g, ' ')}, not paid.`, intentId);
    return booking;
  }

  private async applyTo(booking: Booking, facts: RefundFacts, provider: 'stripe' | 'local'): Promise<RefundOutcome> {
    const now = this.clock.now();
    let refund = await this.refunds.findByProviderId(facts.refundId);
    if (refund && refund.bookingId !== booking.id) return unapplied('not_applicable', 'The refund is known for another booking than its payment’s.', facts.refundId);
    if (!refund) {
      refund = await this.waitingFor(booking, facts.amount);
      if (refund) await this.refunds.attachProviderId(refund.id, facts.refundId, now);
    }
    if (facts.status === 'failed') {
      if (!refund) {
        // Failed before we heard of it succeeding: nothing to undo; kept so that a late report of success is not applied.
        await this.refunds.addProviderRefund({ id: newId(), bookingId: booking.id, amount: facts.amount, currency: facts.currency, providerRefundId: facts.refundId, status: 'failed', now });
        return 'applied';
      }
      if (refund.failedAfterSuccessAt || (refund.status === 'failed' && refund.providerRefundId === facts.refundId && refund.reason === 'at_provider')) return 'duplicate';
      if (refund.status === 'succeeded') {
        if (!(await this.effects.failedAfterSuccess(refund, now))) return 'duplicate';
        this.metrics.refundFailedAfterSuccess(provider);
        this.logger.warn(`Refund ${facts.refundId} of booking ${booking.id} (${dollars(refund.amount)}) failed after it had succeeded: booking refund_failed, for the operators`);
        return 'applied';
      }
      // The product's own refund refused: asked again by the sweep, under a new key.
      if (refund.status === 'failed' && refund.providerRefundId === facts.refundId) return 'duplicate';
      await this.refunds.recordAttempt(refund.id, { status: 'failed', providerRefundId: facts.refundId, refused: refund.reason !== 'at_provider' }, now);
      this.metrics.refund(provider, 'failed');
      return 'applied';
    }
    if (facts.status === 'pending') {
      if (refund) return 'duplicate';
      await this.refunds.addProviderRefund({ id: newId(), bookingId: booking.id, amount: facts.amount, currency: facts.currency, providerRefundId: facts.refundId, status: 'pending', now });
      return 'applied';
    }
    if (refund && (refund.status === 'succeeded' || refund.failedAfterSuccessAt)) return 'duplicate';
    if (refund?.status === 'failed' && refund.reason === 'at_provider') return 'duplicate'; // reported failed already: a stale success
    refund ??= await this.refunds.addProviderRefund({ id: newId(), bookingId: booking.id, amount: facts.amount, currency: facts.currency, providerRefundId: facts.refundId, status: 'pending', now });
    return this.succeeded(booking, refund, facts.refundId, provider);
  }

  /** The refund succeeded: counted once, the booking settled; over the amount paid, it is not applied. */
  private async succeeded(booking: Booking, refund: Refund, providerRefundId: string | null, provider: 'stripe' | 'local'): Promise<RefundOutcome> {
    const now = this.clock.now();
    if (!refund.countedAt) {
      const ledger = await this.refunds.ledgerOf(booking.id);
      if (ledger.counted + refund.amount > booking.amount) {
        return unapplied('exceeds_payment', `The refund of ${dollars(refund.amount)} would take the refunds past the ${dollars(booking.amount)} paid.`, providerRefundId);
      }
    }
    if (!(await this.refunds.markSucceeded(refund.id, providerRefundId, now))) return 'duplicate';
    this.metrics.refund(provider, 'succeeded');
    await this.effects.count(refund, booking, now);
    if (booking.status !== 'refund_failed') await this.effects.settle((await this.refunds.lockBooking(booking.id))!, now);
    return 'applied';
  }

  /**
   * The booking's refund of this amount whose provider id is not known yet (its own request first), if any; with
   * `ownOnTheWay`, also its own refund on its way whose id is known (a charge.refunded does not name its refunds).
   */
  private async waitingFor(booking: Booking, amount: number, ownOnTheWay = false): Promise<Refund | null> {
    const refunds = (await this.refunds.refundsOf(booking.id)).filter((r) => r.amount === amount && !r.failedAfterSuccessAt);
    const own = refunds.find((r) => r.reason !== 'at_provider' && (!r.providerRefundId || (ownOnTheWay && r.status !== 'succeeded')));
    return own ?? refunds.find((r) => !r.providerRefundId) ?? null;
  }
}
