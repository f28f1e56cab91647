import type { Metrics } from '../metrics/metrics.js';
import type { JobQueues } from './job-queues.js';
import type { JobSchedules } from './job-schedules.js';
import { QUEUE_NAMES, SCHEDULES } from './queue-definitions.js';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The queues as the API sees them, read at each scrape: jobs per queue and state, and the repeating
 * schedules the queue store has lost (1) or holds (0). While the store is away these read nothing.
 */
export function registerQueueMetrics(metrics: Metrics, queues: JobQueues, schedules: JobSchedules): void {
  metrics.gauge({
    name: 'linkbio_queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed, failed), read at scrape time.',
    labelNames: ['queue', 'state'],
    read: async () => {
      const counts = await Promise.all(QUEUE_NAMES.map((queue) => queues.queue(queue).getJobCounts(...STATES)));
      return QUEUE_NAMES.flatMap((queue, index) => STATES.map((state) => ({ labels: { queue, state }, value: counts[index]![state] ?? 0 })));
    },
  });
  metrics.gauge({
    name: 'linkbio_job_schedule_missing',
    help: 'Repeating schedules (weekly payouts, sweeps) the queue store has lost: 1 until a worker creates them again.',
    labelNames: ['schedule'],
    read: async () => {
      const missing = new Set(await schedules.missing());
      return SCHEDULES.map((schedule) => ({ labels: { schedule: schedule.id }, value: missing.has(schedule.id) ? 1 : 0 }));
    },
  });
}
