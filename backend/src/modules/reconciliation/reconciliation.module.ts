import { Module } from '@nestjs/common';
import type pg from 'pg';
import type { Env } from '../../config/env.js';
import { ENV, PG_POOL } from '../../shared/infrastructure/infrastructure.tokens.js';
import { createStripeClient } from '../../shared/infrastructure/stripe-client.js';
import { BillingModule } from '../billing/billing.module.js';
import { PaymentRecords } from './application/ports/payment-records.js';
import { ProviderLedger } from './application/ports/provider-ledger.js';
import { ReconciliationReports } from './application/ports/reconciliation-reports.js';
import { ReconcileDayUseCase } from './application/reconcile-day.use-case.js';
import { ReconciliationMetrics } from './application/reconciliation-metrics.js';
import { PostgresLocalProviderLedger } from './infrastructure/postgres-local-provider-ledger.js';
import { PostgresPaymentRecords } from './infrastructure/postgres-payment-records.js';
import { PostgresReconciliationReports } from './infrastructure/postgres-reconciliation-reports.js';
import { StripeProviderLedger } from './infrastructure/stripe-provider-ledger.js';
import { ReconcilePaymentsProcessor } from './jobs/reconcile-payments.processor.js';

/** Stripe's records when STRIPE_SECRET_KEY is set (as billing's gateway), else the local provider's tables. */
export function providerLedgerFor(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
  pool: pg.Pool,
): ProviderLedger {
  return env.STRIPE_SECRET_KEY
    ? new StripeProviderLedger(createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL }))
    : new PostgresLocalProviderLedger(pool);
}

/**
 * Daily reconciliation with the payment provider: the worker's job (ReconcilePaymentsProcessor, 04:15 UTC,
 * the day that ended) and `npm run ops -- payments:reconcile` compare a UTC day of bookings, refunds, ledger
 * entries and subscriptions with the provider's own records, store and report every difference, and hand the
 * provider's refunds whose webhook never arrived to billing (its ProviderEventIntake port, the only thing
 * read from billing).
 */
@Module({
  imports: [BillingModule],
  providers: [
    { provide: ProviderLedger, inject: [ENV, PG_POOL], useFactory: providerLedgerFor },
    { provide: PaymentRecords, useClass: PostgresPaymentRecords },
    { provide: ReconciliationReports, useClass: PostgresReconciliationReports },
    ReconciliationMetrics,
    ReconcileDayUseCase,
    ReconcilePaymentsProcessor,
  ],
  exports: [ReconcileDayUseCase, ReconciliationReports, ReconcilePaymentsProcessor],
})
export class ReconciliationModule {}
