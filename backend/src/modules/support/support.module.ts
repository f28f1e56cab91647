import { Module } from '@nestjs/common';
import { SUPPORT_REQUESTS_PER_HOUR } from '@linkbio/shared-contracts';
import { EmailModule } from '../../shared/email/email.module.js';
import { MikroOrmTransactions } from '../../shared/infrastructure/mikro-orm.transactions.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { Transactions } from '../../shared/transactions.js';
import { OperatorGuard } from '../payouts/http/operator.guard.js';
import { CloseSupportRequestUseCase } from './application/close-support-request.use-case.js';
import { CreateSupportRequestUseCase } from './application/create-support-request.use-case.js';
import { ListSupportRequestsUseCase } from './application/list-support-requests.use-case.js';
import { SupportRequestLimiter } from './application/ports/support-request.limiter.js';
import { SupportRequestStore } from './application/ports/support-request.store.js';
import { AdminSupportRequestsController } from './http/admin-support-requests.controller.js';
import { SupportRequestsController } from './http/support-requests.controller.js';
import { PostgresSupportRequestStore } from './infrastructure/postgres-support-request.store.js';

/**
 * Support requests from creators ('Help' in the avatar menu); Premium creators' requests are priority and
 * come first. Creators: POST/GET /api/support-requests. Operators: /api/admin/support-requests (list, close)
 * and the ops CLI's support:list / support:close. Each request's e-mail copy goes through the shared outbox.
 */
@Module({
  imports: [EmailModule],
  controllers: [SupportRequestsController, AdminSupportRequestsController],
  providers: [
    { provide: SupportRequestStore, useClass: PostgresSupportRequestStore },
    { provide: Transactions, useClass: MikroOrmTransactions },
    rateLimitProvider(SupportRequestLimiter, 'support_request', SUPPORT_REQUESTS_PER_HOUR, 60 * 60),
    OperatorGuard,
    CreateSupportRequestUseCase,
    ListSupportRequestsUseCase,
    CloseSupportRequestUseCase,
  ],
  exports: [ListSupportRequestsUseCase, CloseSupportRequestUseCase],
})
export class SupportModule {}
