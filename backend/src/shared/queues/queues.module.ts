import { Global, Module } from '@nestjs/common';
import { JobQueues } from './job-queues.js';

/** The job queues, for every module that enqueues work. */
@Global()
@Module({ providers: [JobQueues], exports: [JobQueues] })
export class QueuesModule {}
