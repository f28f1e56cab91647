import { Injectable } from '@nestjs/common';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { ExpireBookingHoldsUseCase } from '../application/expire-booking-holds.use-case.js';
import { OrderSweepService } from '../application/order-sweep.service.js';
import { RefundBookingUseCase } from '../application/refund-booking.use-case.js';
import { RenewLocalSubscriptionsUseCase } from '../application/renew-local-subscriptions.use-case.js';
import { SubscriptionsUseCase } from '../application/subscriptions.use-case.js';

/**
 * Every minute: superseded (duplicate) live subscriptions are cancelled at the provider at once, the local
 * provider's subscriptions due are renewed (or end, their card declined), subscriptions cancelled at period
 * end are ended, bookings whose held slot ran out unpaid
 * expire (and free their slots), refunds not made yet are tried again, e-mails not sent yet are retried.
 */
@Injectable()
export class BillingSweepProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['billing-sweep'] as const;

  constructor(
    private readonly subscriptions: SubscriptionsUseCase,
    private readonly outbox: EmailOutboxRelay,
    private readonly holds: ExpireBookingHoldsUseCase,
    private readonly renewals: RenewLocalSubscriptionsUseCase,
    private readonly refunds: RefundBookingUseCase,
    private readonly orders: OrderSweepService,
  ) {
    super();
  }

  async process(): Promise<{ renewed: number; declined: number; ended: number; superseded: number; expired: number; refunded: number; sent: number; orders: { expired: number; refunded: number; signups: number } }> {
    // Superseded duplicates first: one due for renewal is cancelled rather than charged again.
    const superseded = await this.subscriptions.endSuperseded();
    const { renewed, declined } = await this.renewals.execute();
    const ended = await this.subscriptions.endLapsed();
    const expired = await this.holds.execute();
    const refunded = await this.refunds.refundDue();
    const orders = await this.orders.execute();
    const sent = await this.outbox.deliverPending();
    return { renewed, declined, ended, superseded, expired, refunded, sent, orders };
  }
}
