import { Module } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../../shared/infrastructure/infrastructure.tokens.js';
import { BillingModule } from '../billing/billing.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { MediaModule } from '../media/media.module.js';
import { DeleteAccountUseCase } from './application/delete-account.use-case.js';
import { AccountErasure } from './application/ports/account-erasure.js';
import { PremiumCancellation } from './application/ports/premium-cancellation.js';
import { AccountDeletionController } from './http/account-deletion.controller.js';
import { BillingPremiumCancellation } from './infrastructure/billing-premium-cancellation.js';
import { PostgresAccountErasure } from './infrastructure/postgres-account-erasure.js';

/**
 * Deleting an account (issue 14). It uses identity's (password, attempts, sessions), billing's (Premium) and
 * media's (object store) exported services, which import nothing of it: the dependency runs one way. The
 * account's rows in every module's tables are erased in one transaction, as the data export reads them.
 */
@Module({
  imports: [IdentityModule, BillingModule, MediaModule],
  controllers: [AccountDeletionController],
  providers: [
    { provide: AccountErasure, inject: [PG_POOL], useFactory: (pool: pg.Pool) => new PostgresAccountErasure(pool) },
    { provide: PremiumCancellation, useClass: BillingPremiumCancellation },
    DeleteAccountUseCase,
  ],
})
export class AccountDeletionModule {}
