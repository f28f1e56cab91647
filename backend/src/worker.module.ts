import { type DynamicModule, Module } from '@nestjs/common';
import type { Env } from './config/env.js';
import { DatabaseModule } from './database/database.module.js';
import { AnalyticsJobsModule } from './modules/analytics/analytics-jobs.module.js';
import { AnalyticsCleanUpProcessor } from './modules/analytics/jobs/analytics-clean-up.processor.js';
import { AnalyticsEventProcessor } from './modules/analytics/jobs/analytics-event.processor.js';
import { AudienceModule } from './modules/audience/audience.module.js';
import { BroadcastBatchProcessor } from './modules/audience/jobs/broadcast-batch.processor.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { BillingSweepProcessor } from './modules/billing/jobs/billing-sweep.processor.js';
import { CalendarsJobsModule } from './modules/calendars/calendars-jobs.module.js';
import { CalendarSweepProcessor } from './modules/calendars/jobs/calendar-sweep.processor.js';
import { MediaSweepProcessor } from './modules/media/jobs/media-sweep.processor.js';
import { MediaJobsModule } from './modules/media/media-jobs.module.js';
import { CreateWeeklyPayoutsProcessor } from './modules/payouts/jobs/create-weekly-payouts.processor.js';
import { ReleaseHeldPayoutsProcessor } from './modules/payouts/jobs/release-held-payouts.processor.js';
import { SendPayoutProcessor } from './modules/payouts/jobs/send-payout.processor.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { ReconcilePaymentsProcessor } from './modules/reconciliation/jobs/reconcile-payments.processor.js';
import { ReconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { SendRemindersProcessor } from './modules/reminders/jobs/send-reminders.processor.js';
import { RemindersModule } from './modules/reminders/reminders.module.js';
import { InfrastructureModule } from './shared/infrastructure/infrastructure.module.js';
import { JOB_PROCESSORS, type JobProcessor } from './shared/queues/job-processor.js';
import { QueuesModule } from './shared/queues/queues.module.js';
import { QueueWorkers } from './shared/queues/queue-workers.js';

/** Every processor the worker runs, from the modules that own the work. */
const PROCESSORS = [
  AnalyticsEventProcessor,
  AnalyticsCleanUpProcessor,
  BillingSweepProcessor,
  MediaSweepProcessor,
  CreateWeeklyPayoutsProcessor,
  SendPayoutProcessor,
  ReleaseHeldPayoutsProcessor,
  ReconcilePaymentsProcessor,
  BroadcastBatchProcessor,
  SendRemindersProcessor,
  CalendarSweepProcessor,
];

/** The worker process (worker.main.ts): BullMQ consumers and schedules, no HTTP. */
@Module({})
export class WorkerModule {
  static forEnv(env: Env): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        InfrastructureModule.forEnv(env),
        DatabaseModule.forUrl(env.DATABASE_URL, env.DATABASE_POOL_MAX),
        QueuesModule,
        AnalyticsJobsModule,
        BillingModule,
        MediaJobsModule,
        PayoutsModule,
        ReconciliationModule,
        AudienceModule,
        RemindersModule,
        CalendarsJobsModule,
      ],
      providers: [
        { provide: JOB_PROCESSORS, inject: PROCESSORS, useFactory: (...processors: JobProcessor[]) => processors },
        QueueWorkers,
      ],
    };
  }
}
