import { Injectable } from '@nestjs/common';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { SendRemindersUseCase } from '../application/send-reminders.use-case.js';

/** Every minute: the session reminders due are queued and sent (SendRemindersUseCase decides, from PostgreSQL). */
@Injectable()
export class SendRemindersProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['send-reminders'] as const;

  constructor(private readonly reminders: SendRemindersUseCase) {
    super();
  }

  async process(): Promise<{ queued: number }> {
    return { queued: await this.reminders.execute() };
  }
}
