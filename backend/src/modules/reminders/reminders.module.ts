import { Module } from '@nestjs/common';
import { EmailModule } from '../../shared/email/email.module.js';
import { MikroOrmTransactions } from '../../shared/infrastructure/mikro-orm.transactions.js';
import { Transactions } from '../../shared/transactions.js';
import { ReminderStore } from './application/ports/reminder.store.js';
import { ReminderSettingsStore } from './application/ports/reminder-settings.store.js';
import { ReminderMetrics } from './application/reminder-metrics.js';
import { ReminderSettingsUseCase } from './application/reminder-settings.use-case.js';
import { SendRemindersUseCase } from './application/send-reminders.use-case.js';
import { RemindersController } from './http/reminders.controller.js';
import { PostgresReminderSettingsStore } from './infrastructure/postgres-reminder-settings.store.js';
import { PostgresReminderStore } from './infrastructure/postgres-reminder.store.js';
import { SendRemindersProcessor } from './jobs/send-reminders.processor.js';

/**
 * Session reminders: e-mails to the visitor and the creator 24 hours and 1 hour before each session booked at a
 * set time, sent by the worker's `send-reminders` sweep (SendRemindersProcessor, every minute) from what
 * PostgreSQL holds, and the creator's switches (GET/PUT /api/users/reminders). It reads bookings in its own
 * SQL and tells the time with billing's domain rules (session-time.ts); no other module depends on it.
 */
@Module({
  imports: [EmailModule],
  controllers: [RemindersController],
  providers: [
    { provide: ReminderStore, useClass: PostgresReminderStore },
    { provide: ReminderSettingsStore, useClass: PostgresReminderSettingsStore },
    { provide: Transactions, useClass: MikroOrmTransactions },
    ReminderMetrics,
    ReminderSettingsUseCase,
    SendRemindersUseCase,
    SendRemindersProcessor,
  ],
  exports: [SendRemindersProcessor, SendRemindersUseCase],
})
export class RemindersModule {}
