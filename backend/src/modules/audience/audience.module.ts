import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import express from 'express';
import { LIST_LINK_USES_PER_10_MINUTES, SUBSCRIBES_PER_EMAIL_PER_HOUR, SUBSCRIBES_PER_IP_PER_HOUR } from '@linkbio/shared-contracts';
import { EmailModule } from '../../shared/email/email.module.js';
import { MikroOrmTransactions } from '../../shared/infrastructure/mikro-orm.transactions.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { Transactions } from '../../shared/transactions.js';
import { BroadcastsUseCase } from './application/broadcasts.use-case.js';
import { ListLinksUseCase } from './application/list-links.use-case.js';
import { ListSignupsService } from './application/list-signups.service.js';
import { BroadcastJobs } from './application/ports/broadcast-jobs.js';
import { BroadcastStore } from './application/ports/broadcast.store.js';
import { ListLinkRateLimit, SubscribeEmailRateLimit, SubscribeIpRateLimit } from './application/ports/list-rate-limits.js';
import { ListSignups } from './application/ports/list-signups.js';
import { SubscriberStore } from './application/ports/subscriber.store.js';
import { SubscribeUseCase } from './application/subscribe.use-case.js';
import { SubscribersUseCase } from './application/subscribers.use-case.js';
import { ListLinksController } from './http/list-links.controller.js';
import { SubscribersController } from './http/subscribers.controller.js';
import { BullMqBroadcastJobs } from './infrastructure/bullmq-broadcast.jobs.js';
import { PostgresBroadcastStore } from './infrastructure/postgres-broadcast.store.js';
import { PostgresSubscriberStore } from './infrastructure/postgres-subscriber.store.js';
import { BroadcastBatchProcessor } from './jobs/broadcast-batch.processor.js';

/**
 * The e-mail list a creator owns (issue 27): the page's subscribe block (double opt-in), the confirm and
 * one-click unsubscribe links, the creator's list and CSV, and Premium broadcasts sent by the worker in
 * batches through the shared outbox. Other modules use its port, ListSignups (a checkout's "join the list").
 */
@Module({
  imports: [EmailModule],
  controllers: [ListLinksController, SubscribersController],
  providers: [
    { provide: SubscriberStore, useClass: PostgresSubscriberStore },
    { provide: BroadcastStore, useClass: PostgresBroadcastStore },
    { provide: BroadcastJobs, useClass: BullMqBroadcastJobs },
    { provide: Transactions, useClass: MikroOrmTransactions },
    rateLimitProvider(SubscribeIpRateLimit, 'subscribe_ip', SUBSCRIBES_PER_IP_PER_HOUR, 60 * 60),
    rateLimitProvider(SubscribeEmailRateLimit, 'subscribe_email', SUBSCRIBES_PER_EMAIL_PER_HOUR, 60 * 60),
    rateLimitProvider(ListLinkRateLimit, 'list_link', LIST_LINK_USES_PER_10_MINUTES, 10 * 60),
    SubscribeUseCase,
    ListLinksUseCase,
    SubscribersUseCase,
    BroadcastsUseCase,
    { provide: ListSignups, useClass: ListSignupsService },
    BroadcastBatchProcessor,
  ],
  exports: [ListSignups, BroadcastBatchProcessor, SubscribersUseCase],
})
export class AudienceModule implements NestModule {
  /** The block's plain form post (no JavaScript) is urlencoded; every other body of the product is JSON. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(express.urlencoded({ extended: false, limit: '2kb' })).forRoutes({ path: 'list/join/:username', method: RequestMethod.POST });
  }
}
