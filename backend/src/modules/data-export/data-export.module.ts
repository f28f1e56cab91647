import { Module } from '@nestjs/common';
import { EXPORTS_PER_HOUR } from '@linkbio/shared-contracts';
import type pg from 'pg';
import { PG_POOL } from '../../shared/infrastructure/infrastructure.tokens.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { ExportAccountDataUseCase } from './application/export-account-data.use-case.js';
import { AccountDataSource } from './application/ports/account-data.source.js';
import { ExportRateLimit } from './application/ports/export-rate-limit.js';
import { DataExportController } from './http/data-export.controller.js';
import { PostgresAccountDataSource } from './infrastructure/postgres-account-data.source.js';

/**
 * A creator's download of their own data (`GET /api/users/me/export`). It reads every module's tables for one
 * account in one snapshot, so it depends on no other module's code.
 */
@Module({
  controllers: [DataExportController],
  providers: [
    { provide: AccountDataSource, inject: [PG_POOL], useFactory: (pool: pg.Pool) => new PostgresAccountDataSource(pool) },
    rateLimitProvider(ExportRateLimit, 'account_export', EXPORTS_PER_HOUR, 60 * 60),
    ExportAccountDataUseCase,
  ],
})
export class DataExportModule {}
