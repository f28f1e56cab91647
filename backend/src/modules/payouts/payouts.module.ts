import { Module } from '@nestjs/common';
import type { Env } from '../../config/env.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { CreateWeeklyPayoutsUseCase } from './application/create-weekly-payouts.use-case.js';
import { ListPayoutsUseCase } from './application/list-payouts.use-case.js';
import { MarkPayoutPaidUseCase } from './application/mark-payout-paid.use-case.js';
import { PayoutMetrics } from './application/payout-metrics.js';
import { PayoutNotices } from './application/payout-notices.service.js';
import { CarryoverStore } from './application/ports/carryover.store.js';
import { PayoutGateways } from './application/ports/payout-gateway.js';
import { PayoutJobs } from './application/ports/payout-jobs.js';
import { PayoutStore } from './application/ports/payout.store.js';
import { Transactions } from '../../shared/transactions.js';
import { ReleaseHeldPayoutsUseCase } from './application/release-held-payouts.use-case.js';
import { SendPayoutUseCase } from './application/send-payout.use-case.js';
import { AdminPayoutsController } from './http/admin-payouts.controller.js';
import { OperatorGuard } from './http/operator.guard.js';
import { PayoutsController } from './http/payouts.controller.js';
import { BullMqPayoutJobs } from './infrastructure/bullmq-payout.jobs.js';
import { ManualPayoutGateway } from './infrastructure/manual-payout.gateway.js';
import { MikroOrmTransactions } from '../../shared/infrastructure/mikro-orm.transactions.js';
import { PayPalPayoutGateway } from './infrastructure/paypal-payout.gateway.js';
import { PostgresCarryoverStore } from './infrastructure/postgres-carryover.store.js';
import { PostgresPayoutStore } from './infrastructure/postgres-payout.store.js';
import { EmailModule } from '../../shared/email/email.module.js';
import { CreateWeeklyPayoutsProcessor } from './jobs/create-weekly-payouts.processor.js';
import { ReleaseHeldPayoutsProcessor } from './jobs/release-held-payouts.processor.js';
import { SendPayoutProcessor } from './jobs/send-payout.processor.js';

/** PayPal Payouts when PAYPAL_CLIENT_ID is set (with its secret); the operators pay everything else. */
export function payoutGatewaysFor(
  env: Pick<Env, 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_API_URL'>,
): PayoutGateways {
  if (!env.PAYPAL_CLIENT_ID) return new PayoutGateways(null, new ManualPayoutGateway());
  if (!env.PAYPAL_CLIENT_SECRET) throw new Error('PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID');
  const paypal = new PayPalPayoutGateway({
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    apiUrl: env.PAYPAL_API_URL,
  });
  return new PayoutGateways(paypal, new ManualPayoutGateway());
}

/**
 * Weekly payouts (decisions.md): the creators' paid earnings become one payout per creator per week, sent
 * to PayPal or left to the operators. The API lists them (creators: GET /api/payouts; operators:
 * /api/admin/payouts); the worker runs the processors (weekly run, sending, the hourly sweep); the ops CLI
 * (ops.main.ts) runs and lists them and records manual payments.
 */
@Module({
  imports: [EmailModule],
  controllers: [PayoutsController, AdminPayoutsController],
  providers: [
    { provide: PayoutStore, useClass: PostgresPayoutStore },
    { provide: CarryoverStore, useClass: PostgresCarryoverStore },
    { provide: Transactions, useClass: MikroOrmTransactions },
    { provide: PayoutJobs, useClass: BullMqPayoutJobs },
    PayoutNotices,
    { provide: PayoutGateways, inject: [ENV], useFactory: payoutGatewaysFor },
    OperatorGuard,
    CreateWeeklyPayoutsUseCase,
    SendPayoutUseCase,
    ReleaseHeldPayoutsUseCase,
    MarkPayoutPaidUseCase,
    ListPayoutsUseCase,
    PayoutMetrics,
    CreateWeeklyPayoutsProcessor,
    SendPayoutProcessor,
    ReleaseHeldPayoutsProcessor,
  ],
  exports: [
    CreateWeeklyPayoutsUseCase,
    MarkPayoutPaidUseCase,
    ListPayoutsUseCase,
    CreateWeeklyPayoutsProcessor,
    SendPayoutProcessor,
    ReleaseHeldPayoutsProcessor,
  ],
})
export class PayoutsModule {}
