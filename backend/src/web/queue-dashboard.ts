import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Router } from 'express';
import type { Queue } from 'bullmq';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** bull-board for operators: every queue's waiting, running, failed and finished jobs, with retries. */
export function queueDashboard(queues: Queue[]): Router {
  const server = new ExpressAdapter();
  server.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter: server,
    options: { uiConfig: { boardTitle: 'Linkbio queues' } },
  });
  return server.getRouter() as Router;
}
