import Stripe from 'stripe';
import { ProviderLedger } from '../application/ports/provider-ledger.js';
import type { ProviderPayment, ProviderRecords, ProviderRefund, ProviderRefundStatus } from '../domain/records.js';
import type { UtcDay } from '../domain/utc-day.js';

const unix = (at: Date) => Math.floor(at.getTime() / 1000);
const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const metadataOf = (metadata: Stripe.Metadata | null | undefined): Record<string, string> => ({ ...(metadata ?? {}) });

/** Balance transaction types of money taken by a charge (`payment`: some payment methods' charges). */
const PAYMENT_TYPES = new Set(['charge', 'payment']);

function refundStatus(status: string | null): ProviderRefundStatus {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
  return 'pending'; // pending, requires_action
}

function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    intentId: idOf(refund.payment_intent),
    chargeId: idOf(refund.charge),
    amount: refund.amount,
    currency: refund.currency,
    status: refundStatus(refund.status),
    at: fromUnix(refund.created),
    metadata: metadataOf(refund.metadata),
  };
}

function chargePayment(charge: Stripe.Charge): ProviderPayment {
  const metadata = metadataOf(charge.metadata);
  return {
    intentId: idOf(charge.payment_intent) ?? charge.id,
    chargeId: charge.id,
    amount: charge.amount_captured || charge.amount,
    currency: charge.currency,
    at: fromUnix(charge.created),
    bookingId: metadata.bookingId ?? metadata.orderId ?? null, // an order's (issue 27) is reconciled as a booking's
    subscriptionId: null,
    customerId: idOf(charge.customer),
  };
}

/**
 * Stripe's records through its API (the same SDK and client as billing's gateway): the day's balance
 * transactions (each charge expanded) and refunds, listed with `created[gte]`/`created[lt]` and followed
 * page by page; a payment intent's state and refunds when asked for one.
 */
export class StripeProviderLedger extends ProviderLedger {
  readonly provider = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    /** Objects per page asked for (Stripe's most: 100). */
    private readonly pageSize = 100,
  ) {
    super();
  }

  async day(day: UtcDay): Promise<ProviderRecords> {
    const created = { gte: unix(day.start), lt: unix(day.end) };
    const payments: ProviderPayment[] = [];
    for await (const transaction of this.stripe.balanceTransactions.list({
      created,
      limit: this.pageSize,
      expand: ['data.source'],
    })) {
      if (!PAYMENT_TYPES.has(transaction.type)) continue;
      const source = transaction.source;
      if (!source) continue;
      // Expanded as asked; a source left as an id is read on its own.
      payments.push(
        chargePayment(
          typeof source === 'string' ? await this.stripe.charges.retrieve(source) : (source as Stripe.Charge),
        ),
      );
    }
    const refunds: ProviderRefund[] = [];
    for await (const refund of this.stripe.refunds.list({ created, limit: this.pageSize }))
      refunds.push(toRefund(refund));
    return { payments, refunds };
  }

  async ofIntents(intentIds: readonly string[]): Promise<ProviderRecords> {
    const records: ProviderRecords = { payments: [], refunds: [] };
    for (const intentId of intentIds) {
      const intent = await this.intent(intentId);
      if (!intent) continue;
      if (intent.status === 'succeeded') records.payments.push(this.intentPayment(intent));
      for await (const refund of this.stripe.refunds.list({ payment_intent: intentId, limit: this.pageSize }))
        records.refunds.push(toRefund(refund));
    }
    return records;
  }

  /** The intent, or null when Stripe has none of this id. */
  private async intent(id: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  private intentPayment(intent: Stripe.PaymentIntent): ProviderPayment {
    const charge = intent.latest_charge;
    if (charge && typeof charge !== 'string')
      return { ...chargePayment(charge), intentId: intent.id, bookingId: intent.metadata.bookingId ?? intent.metadata.orderId ?? null };
    return {
      intentId: intent.id,
      chargeId: idOf(charge),
      amount: intent.amount_received || intent.amount,
      currency: intent.currency,
      at: fromUnix(intent.created),
      bookingId: intent.metadata.bookingId ?? intent.metadata.orderId ?? null,
      subscriptionId: null,
      customerId: idOf(intent.customer),
    };
  }
}
