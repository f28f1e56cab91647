import { Injectable, Logger } from '@nestjs/common';
import type { PremiumChargeView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import type { PremiumCharge } from '../domain/premium-charge.js';
import { isLive, type Subscription } from '../domain/subscription.js';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { BillingStore, type Creator } from './ports/billing.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { PremiumChargeStore, type ChargeFacts } from './ports/premium-charge.store.js';
import { premiumDeclinedEmail, premiumReceiptEmail } from './premium-emails.js';
import { premiumInvoiceFacts, type PremiumInvoiceFacts } from './premium-invoice.js';
import { unapplied, type Unapplied } from './unapplied-events.js';

/** The billing history's length: a monthly plan's ten years. */
const HISTORY_LIMIT = 120;

/**
 * Premium charges as the provider reports them (invoice.paid, invoice.payment_failed), applied inside the
 * event's transaction (HandlePaymentEventUseCase): a premium_charges row per invoice, a receipt for each paid
 * one and a notice for a declined renewal, queued in the outbox once each (keyed by the invoice).
 */
@Injectable()
export class PremiumChargesService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly store: BillingStore,
    private readonly charges: PremiumChargeStore,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
  ) {}

  /**
   * invoice.paid of a subscription of ours (locked by the caller): the charge and its receipt. True when it
   * was recorded now, false when known already. The card's last four digits come with the local provider's
   * invoice; Stripe's are read from the invoice's payment (an API call, inside the event's transaction: if
   * Stripe cannot answer, the event fails and Stripe delivers it again).
   */
  async invoicePaid(invoice: Record<string, unknown>, subscription: Subscription): Promise<boolean> {
    const facts = premiumInvoiceFacts(invoice, true);
    if (!facts || facts.amountCents === 0) return false;
    const now = this.clock.now();
    const cardLast4 = facts.cardLast4 ?? (await this.gateway.invoiceCardLast4(facts.invoiceId));
    const charge = await this.charges.recordPaid(this.chargeFacts(facts, subscription, cardLast4), now);
    if (!charge) return false;
    await this.tell(charge, (creator) => premiumReceiptEmail(creator, charge));
    return true;
  }

  /**
   * invoice.payment_failed: a renewal's payment declined is recorded, and the creator told what happens next
   * (the provider's next attempt, or Premium ended). A first payment declined is the subscribe page's business.
   */
  async invoicePaymentFailed(invoice: Record<string, unknown>): Promise<'applied' | Unapplied> {
    const objectId = typeof invoice.id === 'string' ? invoice.id.slice(0, 255) : null;
    const facts = premiumInvoiceFacts(invoice, false);
    if (!facts) return unapplied('malformed', 'The invoice lacks its id, subscription or amount.', objectId);
    if (facts.billingReason !== 'subscription_cycle') {
      return unapplied('handled_elsewhere', 'A first payment declined: the subscribe page tells the creator, the subscription’s events its state.', objectId);
    }
    const subscription = await this.store.lockSubscription(facts.subscriptionId);
    if (!subscription) return unapplied('unknown_subscription', 'The invoice is of no subscription stored here.', objectId);
    const charge = await this.charges.recordDeclined(this.chargeFacts(facts, subscription, facts.cardLast4), this.clock.now());
    if (!charge) return unapplied('stale', 'This invoice’s decline is recorded already.', objectId);
    await this.tell(charge, (creator) => premiumDeclinedEmail(creator, charge, facts.nextPaymentAttempt));
    return 'applied';
  }

  /**
   * A subscription the provider reports that is not stored here (made by a subscribe call that failed after the
   * provider's answer, or at the provider itself): taken under the creator's Premium lock, and marked superseded
   * when the creator has a live one already, so the billing sweep cancels it rather than the index refusing it.
   */
  async adopt(id: string, userId: Id): Promise<Subscription> {
    await this.store.lockPremiumOf(userId);
    const stored = await this.store.lockSubscription(id);
    if (stored) return stored;
    const others = (await this.store.liveSubscriptionsOf(userId)).filter((s) => !s.supersededAt && isLive(s));
    if (others.length > 0) this.logger.warn(`Subscription ${id} reported while the creator has a live one: marked superseded`);
    return {
      id,
      userId,
      status: 'incomplete',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      lastEventCreated: 0,
      supersededAt: others.length > 0 ? this.clock.now() : null,
    };
  }

  /** GET /api/subscription/charges: the creator's Premium charges, newest first. */
  async history(userId: Id): Promise<PremiumChargeView[]> {
    return (await this.charges.chargesOf(userId, HISTORY_LIMIT)).map((c) => ({
      id: c.id,
      date: c.createdAt.toISOString(),
      amountCents: c.amountCents,
      currency: c.currency,
      periodStart: c.periodStart?.toISOString() ?? null,
      periodEnd: c.periodEnd?.toISOString() ?? null,
      cardLast4: c.cardLast4,
      receiptNumber: c.receiptNumber,
      status: c.status,
    }));
  }

  private chargeFacts(facts: PremiumInvoiceFacts, subscription: Subscription, cardLast4: string | null): ChargeFacts {
    return {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      providerInvoiceId: facts.invoiceId,
      amountCents: facts.amountCents,
      currency: facts.currency,
      periodStart: facts.periodStart,
      periodEnd: facts.periodEnd,
      cardLast4,
    };
  }

  private async tell(charge: PremiumCharge, email: (creator: Creator) => OutgoingEmail): Promise<void> {
    const creator = await this.store.findCreator(charge.userId);
    if (creator) await this.store.enqueueEmail(email(creator), this.clock.now());
  }
}
