import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import type { Env } from '../../config/env.js';
import { ENV } from '../infrastructure/infrastructure.tokens.js';
import { queueConnection, type QueueConnection } from './queue-connection.js';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES, type JobData, type JobName, type QueueName } from './queue-definitions.js';

/** The producers' side: typed `add` onto the product's queues, opened on first use. */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly logger = new Logger('Queues');
  readonly connection: QueueConnection;
  private readonly opened = new Map<QueueName, Queue>();

  constructor(@Inject(ENV) env: Env) {
    this.connection = queueConnection(env);
  }

  queue(name: QueueName): Queue {
    let queue = this.opened.get(name);
    if (!queue) {
      queue = this.connection.queue(name, { defaultJobOptions: DEFAULT_JOB_OPTIONS });
      // Not one line per reconnection attempt while the store is away: at most one every 30 s.
      let lastReport = 0;
      queue.on('error', (error: Error) => {
        if (Date.now() - lastReport < 30_000) return;
        lastReport = Date.now();
        this.logger.error(`Queue ${name}: ${error.message}`);
      });
      this.opened.set(name, queue);
    }
    return queue;
  }

  /** Every queue, for the operators' dashboard. */
  all(): Queue[] {
    return QUEUE_NAMES.map((name) => this.queue(name));
  }

  async add<Q extends QueueName, N extends JobName<Q>>(queue: Q, name: N, data: JobData<Q, N>, options: JobsOptions = {}): Promise<void> {
    await this.queue(queue).add(name, data, options);
  }

  async addBulk<Q extends QueueName, N extends JobName<Q>>(queue: Q, jobs: Array<{ name: N; data: JobData<Q, N>; opts?: JobsOptions }>) {
    if (jobs.length > 0) await this.queue(queue).addBulk(jobs);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.opened.values()].map((queue) => queue.close()));
    this.opened.clear();
    await this.connection.close();
  }
}
