import { Injectable } from '@nestjs/common';
import { OrderMessages, PAID_SALE_STATUSES, PaymentMessages, type OrderConfirmResponse } from '@linkbio/shared-contracts';
import { notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { Transactions } from '../../../shared/transactions.js';
import { OrderSweepService } from './order-sweep.service.js';
import { OrderStore } from './ports/order.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { SettleOrderService } from './settle-order.service.js';

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/**
 * The server-side check of an order's payment after an in-page confirmation, as ConfirmBookingPaymentUseCase
 * is a booking's: asks the provider and, when it says the payment succeeded, settles the order through the same
 * idempotent path as the webhook. Only the provider's answer counts; the client secret must be the payment's.
 */
@Injectable()
export class ConfirmOrderPaymentUseCase {
  constructor(
    private readonly orders: OrderStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly settle: SettleOrderService,
    private readonly outbox: EmailOutboxRelay,
    private readonly sweep: OrderSweepService,
  ) {}

  async byClientSecret(clientSecret: string): Promise<OrderConfirmResponse> {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    if (!INTENT_ID.test(intentId)) throw notFound(PaymentMessages.paymentNotFound);
    const intent = await this.gateway.retrieveIntent(intentId);
    if (!intent || intent.clientSecret !== clientSecret) throw notFound(PaymentMessages.paymentNotFound);
    const order = intent.metadata.orderId ? await this.orders.find(intent.metadata.orderId) : null;
    if (!order) throw notFound(PaymentMessages.paymentNotFound);
    if (intent.status === 'succeeded' && !PAID_SALE_STATUSES.includes(order.status)) {
      const paid = await this.transactions.run(() => this.settle.markPaid(order.id, { intentId: intent.id, amount: intent.amount, currency: intent.currency }));
      if (paid) {
        await this.outbox.deliverPending();
        await this.sweep.afterPayment();
      }
    }
    const status = (await this.orders.find(order.id))?.status ?? order.status;
    return status === 'paid' ? { status, message: OrderMessages.paidNotice } : { status };
  }
}
