import { Module } from '@nestjs/common';
import { ManageSessionTypesUseCase } from './application/manage-session-types.use-case.js';
import { SessionTypeCatalog } from './application/ports/session-type-catalog.js';
import { SessionTypeRepository } from './application/ports/session-type.repository.js';
import { SessionTypesController } from './http/session-types.controller.js';
import { PostgresSessionTypeCatalog } from './infrastructure/postgres-session-type-catalog.js';
import { PostgresSessionTypeRepository } from './infrastructure/postgres-session-type.repository.js';

/**
 * The kinds of paid session a creator offers (POST/GET/PUT/DELETE /api/session-types): name, length, price,
 * where to meet and intake questions, ordered and switched on or off. Scheduling, billing and the booking page
 * read them only through SessionTypeCatalog.
 */
@Module({
  controllers: [SessionTypesController],
  providers: [
    { provide: SessionTypeCatalog, useClass: PostgresSessionTypeCatalog },
    { provide: SessionTypeRepository, useClass: PostgresSessionTypeRepository },
    ManageSessionTypesUseCase,
  ],
  exports: [SessionTypeCatalog],
})
export class SessionTypesModule {}
