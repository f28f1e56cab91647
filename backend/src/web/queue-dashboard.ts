import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Router } from 'express';
import type { Queue } from 'bullmq';
import { sameSiteJsonOnly } from '../shared/http/request-guards.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board for operators: every queue's waiting, running, failed and finished jobs, with retries. Its
 * actions (add, retry, remove a job) refuse other sites as the API does: a browser holding the operators'
 * Basic credentials would otherwise send them along with another site's form.
 */
export function queueDashboard(queues: Queue[], allowedOrigins: string[]): Router {
  const server = new ExpressAdapter();
  server.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter: server,
    options: { uiConfig: { boardTitle: 'Linkbio queues' } },
  });
  return Router().use(sameSiteJsonOnly(allowedOrigins), server.getRouter() as Router);
}
