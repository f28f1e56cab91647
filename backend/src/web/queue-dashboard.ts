import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Router } from 'express';
import type { Queue } from 'bullmq';
import { sameSiteJsonOnly } from '../shared/http/request-guards.js';
import { securityHeaders } from './security-headers.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board's page links its typeface (IBM Plex Sans and Mono) as a stylesheet from Google Fonts
 * (@bull-board/ui's index.ejs), which the product's `style-src` refuses; the font files it then loads from
 * fonts.gstatic.com are allowed by `font-src https:` already. Only this mount's policy names the stylesheet's origin.
 */
export const QUEUE_DASHBOARD_STYLE_SOURCES = ['https://fonts.googleapis.com'];

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
  return Router().use(securityHeaders(QUEUE_DASHBOARD_STYLE_SOURCES), sameSiteJsonOnly(allowedOrigins), server.getRouter() as Router);
}
