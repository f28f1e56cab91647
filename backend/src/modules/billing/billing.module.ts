import { Inject, Module, type OnModuleDestroy, type OnModuleInit, Logger } from '@nestjs/common';
import type { Env } from '../../config/env.js';
import { Clock } from '../../shared/clock.js';
import { EmailOutboxRelay } from '../../shared/email/email-outbox.relay.js';
import { EmailModule } from '../../shared/email/email.module.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { ConfirmBookingPaymentUseCase } from './application/confirm-booking-payment.use-case.js';
import { ConfirmLocalCardUseCase } from './application/confirm-local-card.use-case.js';
import { CreateBookingUseCase } from './application/create-booking.use-case.js';
import { HandlePaymentEventUseCase } from './application/handle-payment-event.use-case.js';
import { BillingStore } from './application/ports/billing.store.js';
import { LocalPaymentStore } from './application/ports/local-payment.store.js';
import { PaymentGateway } from './application/ports/payment-gateway.js';
import { Transactions } from './application/ports/transactions.js';
import { SettleBookingService } from './application/settle-booking.service.js';
import { SubscriptionsUseCase } from './application/subscriptions.use-case.js';
import { BillingController } from './http/billing.controller.js';
import { LocalPaymentGateway } from './infrastructure/local-payment.gateway.js';
import { MikroOrmTransactions } from './infrastructure/mikro-orm.transactions.js';
import { PostgresBillingStore } from './infrastructure/postgres-billing.store.js';
import { PostgresLocalPaymentStore } from './infrastructure/postgres-local-payment.store.js';
import { createStripeClient, StripePaymentGateway } from './infrastructure/stripe-payment.gateway.js';
import { StripeWebhookVerifier } from './infrastructure/stripe-webhook.verifier.js';

const SWEEP_MS = 60_000;

/**
 * Paid bookings and Premium. The payment provider is chosen at boot: Stripe when STRIPE_SECRET_KEY is set,
 * else the local test provider. A sweep every minute ends subscriptions cancelled at period end and retries
 * e-mails not sent yet.
 */
@Module({
  imports: [EmailModule],
  controllers: [BillingController],
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
    SettleBookingService,
    HandlePaymentEventUseCase,
    CreateBookingUseCase,
    ConfirmBookingPaymentUseCase,
    ConfirmLocalCardUseCase,
    SubscriptionsUseCase,
  ],
})
export class BillingModule implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Billing');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly subscriptions: SubscriptionsUseCase,
    private readonly outbox: EmailOutboxRelay,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    if (this.env.NODE_ENV === 'test') return; // tests run the sweep's steps themselves
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    try {
      await this.subscriptions.endLapsed();
      await this.outbox.deliverPending();
    } catch (error) {
      this.logger.error(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
