import { Module } from '@nestjs/common';
import type { Env } from '../../config/env.js';
import { Clock } from '../../shared/clock.js';
import { EmailModule } from '../../shared/email/email.module.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { SchedulingModule } from '../scheduling/scheduling.module.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { AudienceModule } from '../audience/audience.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { BOOKING_LINK_LOOKUPS_PER_10_MINUTES, BOOKINGS_PER_EMAIL_PER_HOUR, BOOKINGS_PER_IP_PER_HOUR } from '@linkbio/shared-contracts';
import { BookingEmailRateLimit, BookingIpRateLimit, BookingLinkRateLimit } from './application/ports/booking-rate-limits.js';
import { BookingManageStore } from './application/ports/booking-manage.store.js';
import { ManageBookingUseCase } from './application/manage-booking.use-case.js';
import { BookingManageController } from './http/booking-manage.controller.js';
import { PostgresBookingManageStore } from './infrastructure/postgres-booking-manage.store.js';
import { ExpireBookingHoldsUseCase } from './application/expire-booking-holds.use-case.js';
import { ListBookingsUseCase } from './application/list-bookings.use-case.js';
import { ConfirmBookingPaymentUseCase } from './application/confirm-booking-payment.use-case.js';
import { ConfirmLocalCardUseCase } from './application/confirm-local-card.use-case.js';
import { CreateBookingUseCase } from './application/create-booking.use-case.js';
import { HandlePaymentEventUseCase } from './application/handle-payment-event.use-case.js';
import { BillingStore } from './application/ports/billing.store.js';
import { LocalPaymentStore } from './application/ports/local-payment.store.js';
import { PaymentGateway } from './application/ports/payment-gateway.js';
import { Transactions } from '../../shared/transactions.js';
import { SettleBookingService } from './application/settle-booking.service.js';
import { PaymentMetrics } from './application/payment-metrics.js';
import { PremiumEnding } from './application/ports/premium-ending.js';
import { RenewLocalSubscriptionsUseCase } from './application/renew-local-subscriptions.use-case.js';
import { RefundBookingUseCase } from './application/refund-booking.use-case.js';
import { RefundEffects } from './application/refund-effects.service.js';
import { RefundStore } from './application/ports/refund.store.js';
import { PostgresRefundStore } from './infrastructure/postgres-refund.store.js';
import { ProviderEventIntake } from './application/ports/provider-event-intake.js';
import { ProviderRefundsService } from './application/provider-refunds.service.js';
import { PaymentIssueStore } from './application/ports/payment-issue.store.js';
import { PostgresPaymentIssueStore } from './infrastructure/postgres-payment-issue.store.js';
import { ListPaymentIssuesUseCase } from './application/list-payment-issues.use-case.js';
import { SubscriptionsUseCase } from './application/subscriptions.use-case.js';
import { BillingSweepProcessor } from './jobs/billing-sweep.processor.js';
import { BillingController } from './http/billing.controller.js';
import { PremiumController } from './http/premium.controller.js';
import { PremiumChargesService } from './application/premium-charges.service.js';
import { PremiumCardUseCase } from './application/premium-card.use-case.js';
import { PremiumChargeStore } from './application/ports/premium-charge.store.js';
import { PostgresPremiumChargeStore } from './infrastructure/postgres-premium-charge.store.js';
import { LocalPaymentGateway } from './infrastructure/local-payment.gateway.js';
import { MikroOrmTransactions } from '../../shared/infrastructure/mikro-orm.transactions.js';
import { PostgresBillingStore } from './infrastructure/postgres-billing.store.js';
import { PostgresLocalPaymentStore } from './infrastructure/postgres-local-payment.store.js';
import { createStripeClient } from '../../shared/infrastructure/stripe-client.js';
import { StripePaymentGateway } from './infrastructure/stripe-payment.gateway.js';
import { StripeWebhookVerifier } from './infrastructure/stripe-webhook.verifier.js';
import { ProductsModule } from '../products/products.module.js';
import { ORDER_LINK_USES_PER_10_MINUTES, ORDER_RESENDS_PER_HOUR, ORDERS_PER_EMAIL_PER_HOUR, ORDERS_PER_IP_PER_HOUR } from '@linkbio/shared-contracts';
import { OrderStore } from './application/ports/order.store.js';
import { PostgresOrderStore } from './infrastructure/postgres-order.store.js';
import { OrderEmailRateLimit, OrderIpRateLimit, OrderLinkRateLimit, OrderResendEmailRateLimit, OrderResendIpRateLimit } from './application/ports/order-rate-limits.js';
import { SettleOrderService } from './application/settle-order.service.js';
import { OrderRefundEffects } from './application/order-refund-effects.service.js';
import { OrderEventsService } from './application/order-events.service.js';
import { CreateOrderUseCase } from './application/create-order.use-case.js';
import { RefundOrderUseCase } from './application/refund-order.use-case.js';
import { OrderLinkUseCase } from './application/order-link.use-case.js';
import { SalesUseCase } from './application/sales.use-case.js';
import { OrderSweepService } from './application/order-sweep.service.js';
import { ConfirmOrderPaymentUseCase } from './application/confirm-order-payment.use-case.js';
import { SalesController } from './http/sales.controller.js';
import { SessionTypesModule } from '../session-types/session-types.module.js';
import { MeetingRooms } from './application/ports/meeting-rooms.js';
import { JitsiMeetingRooms } from './infrastructure/jitsi-meeting-rooms.js';
import { OrderPageController } from './http/order-page.controller.js';

/**
 * Paid bookings and Premium. The payment provider is chosen at boot: Stripe when STRIPE_SECRET_KEY is set,
 * else the local test provider. A booking at a set time holds its slot through scheduling's SlotReservations;
 * what a session is booked as (its price, length, where it meets, its questions) comes from SessionTypeCatalog.
 * The worker's billing sweep (BillingSweepProcessor, every minute) ends subscriptions cancelled at period end,
 * expires bookings whose held slot ran out unpaid and retries e-mails not sent yet.
 */
@Module({
  imports: [EmailModule, SchedulingModule, CouponsModule, ProductsModule, AudienceModule, SessionTypesModule, AnalyticsModule],
  controllers: [BillingController, BookingManageController, PremiumController, SalesController, OrderPageController],
  providers: [
    { provide: BillingStore, useClass: PostgresBillingStore },
    { provide: LocalPaymentStore, useClass: PostgresLocalPaymentStore },
    { provide: Transactions, useClass: MikroOrmTransactions },
    {
      provide: PaymentGateway,
      inject: [ENV, LocalPaymentStore, Transactions, Clock],
      useFactory: (env: Env, local: LocalPaymentStore, transactions: Transactions, clock: Clock): PaymentGateway =>
        env.STRIPE_SECRET_KEY
          ? new StripePaymentGateway(
              createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL }),
              env.STRIPE_PUBLISHABLE_KEY ?? null,
              env.STRIPE_PRICE_ID,
            )
          : new LocalPaymentGateway(local, transactions, clock),
    },
    { provide: StripeWebhookVerifier, inject: [ENV], useFactory: (env: Env) => new StripeWebhookVerifier(env.STRIPE_WEBHOOK_SECRET) },
    { provide: MeetingRooms, inject: [ENV], useFactory: (env: Env) => new JitsiMeetingRooms(env.MEETING_ROOM_BASE_URL) },
    SettleBookingService,
    PaymentMetrics,
    HandlePaymentEventUseCase,
    CreateBookingUseCase,
    ListBookingsUseCase,
    ExpireBookingHoldsUseCase,
    rateLimitProvider(BookingIpRateLimit, 'booking_ip', BOOKINGS_PER_IP_PER_HOUR, 60 * 60),
    rateLimitProvider(BookingEmailRateLimit, 'booking_email', BOOKINGS_PER_EMAIL_PER_HOUR, 60 * 60),
    ConfirmBookingPaymentUseCase,
    ConfirmLocalCardUseCase,
    RenewLocalSubscriptionsUseCase,
    { provide: RefundStore, useClass: PostgresRefundStore },
    RefundEffects,
    RefundBookingUseCase,
    ProviderRefundsService,
    { provide: PaymentIssueStore, useClass: PostgresPaymentIssueStore },
    ListPaymentIssuesUseCase,
    { provide: ProviderEventIntake, useExisting: HandlePaymentEventUseCase },
    { provide: BookingManageStore, useClass: PostgresBookingManageStore },
    rateLimitProvider(BookingLinkRateLimit, 'booking_link', BOOKING_LINK_LOOKUPS_PER_10_MINUTES, 10 * 60),
    ManageBookingUseCase,
    SubscriptionsUseCase,
    { provide: PremiumEnding, useExisting: SubscriptionsUseCase },
    BillingSweepProcessor,
    { provide: PremiumChargeStore, useClass: PostgresPremiumChargeStore },
    PremiumChargesService,
    PremiumCardUseCase,
    // Product orders and tips (issue 27), with coupons (CouponsModule) and the e-mail list (AudienceModule).
    { provide: OrderStore, useClass: PostgresOrderStore },
    rateLimitProvider(OrderIpRateLimit, 'order_ip', ORDERS_PER_IP_PER_HOUR, 60 * 60),
    rateLimitProvider(OrderEmailRateLimit, 'order_email', ORDERS_PER_EMAIL_PER_HOUR, 60 * 60),
    rateLimitProvider(OrderResendIpRateLimit, 'order_resend_ip', ORDER_RESENDS_PER_HOUR, 60 * 60),
    rateLimitProvider(OrderResendEmailRateLimit, 'order_resend_email', ORDER_RESENDS_PER_HOUR, 60 * 60),
    rateLimitProvider(OrderLinkRateLimit, 'order_link', ORDER_LINK_USES_PER_10_MINUTES, 10 * 60),
    SettleOrderService,
    OrderRefundEffects,
    OrderEventsService,
    CreateOrderUseCase,
    RefundOrderUseCase,
    OrderLinkUseCase,
    SalesUseCase,
    OrderSweepService,
    ConfirmOrderPaymentUseCase,
  ],
  exports: [BillingSweepProcessor, PremiumEnding, ProviderEventIntake, ListPaymentIssuesUseCase],
})
export class BillingModule {}
