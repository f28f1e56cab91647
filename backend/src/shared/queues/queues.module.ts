import { Global, Module } from '@nestjs/common';
import { JobQueues } from './job-queues.js';
import { JobSchedules } from './job-schedules.js';

/** The job queues, for every module that enqueues work, and the repeating schedules kept on them. */
@Global()
@Module({ providers: [JobQueues, JobSchedules], exports: [JobQueues, JobSchedules] })
export class QueuesModule {}
