import { Module } from '@nestjs/common';
import { SessionTypeCatalog } from './application/ports/session-type-catalog.js';
import { PostgresSessionTypeCatalog } from './infrastructure/postgres-session-type-catalog.js';

/**
 * The kinds of paid session a creator offers (POST/GET/PUT/DELETE /api/session-types): name, length, price,
 * where to meet and intake questions, ordered and switched on or off. Scheduling, billing and the booking page
 * read them only through SessionTypeCatalog.
 */
@Module({
  providers: [{ provide: SessionTypeCatalog, useClass: PostgresSessionTypeCatalog }],
  exports: [SessionTypeCatalog],
})
export class SessionTypesModule {}
