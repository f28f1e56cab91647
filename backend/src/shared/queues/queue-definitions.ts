import type { JobsOptions } from 'bullmq';

/**
 * Every queue, its job names and their payloads, in one place. The API enqueues; the worker process
 * (worker.main.ts) runs the processors. Payloads are plain JSON: dates travel as ISO strings.
 */
export interface QueueJobs {
  analytics: {
    /**
     * Views and clicks queued together by the API (group commit), aggregated exactly once by the batch's id
     * (kept when the API queues the batch again): counted per group already (`groups`), or, from API processes
     * of earlier releases, one by one (`events`; without a batch id, each by its own id).
     */
    events: { batch: string; groups: AnalyticsGroupJob[] } | { batch?: string; events: AnalyticsEventJob[] };
    /** One page view or link click, as API processes before group commit queued them. */
    event: AnalyticsEventJob;
  };
  payouts: {
    /** The weekly run (scheduler, Mondays 00:00 UTC): one payout per creator for the week that ended. */
    'create-weekly': { week?: string };
    /** Hands one payout to its provider (PayPal) or to the operators (manual). */
    send: { payoutId: string };
    /** Releases payouts on hold whose creator has since set PayPal or CashApp details. */
    'release-held': Record<string, never>;
  };
  maintenance: {
    /** Ends subscriptions cancelled at period end, sends e-mails not sent yet. */
    'billing-sweep': Record<string, never>;
    /** Forgets the ids of analytics batches counted long ago, destroys past days' visitor salts and the hashes before yesterday. */
    'clean-up': Record<string, never>;
    /** Forgets upload grants expired over a day ago, deleting the uploads never claimed (users/ images stay). */
    'media-sweep': Record<string, never>;
    /** Reconciles a UTC day (default: the day that ended) with the payment provider's records. */
    'reconcile-payments': { date?: string };
    /** Sends one batch of a creator's broadcast to their e-mail list, then queues the next while any is left. */
    'broadcast-batch': { broadcastId: string; batch: number };
    /** Queues the session reminders due (24 hours and 1 hour before), decided from PostgreSQL, and sends them. */
    'send-reminders': Record<string, never>;
    /** Reads creators' calendars not read for 5 minutes, writes paid sessions into them and removes cancelled ones. */
    'calendar-sweep': Record<string, never>;
  };
}

export type QueueName = keyof QueueJobs;
export type JobName<Q extends QueueName> = keyof QueueJobs[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = QueueJobs[Q][N];

/** PostgreSQL schema of the queues when they live in PostgreSQL (REDIS_URL unset). */
export const DEFAULT_QUEUE_SCHEMA = 'bullmq';

export const QUEUE_NAMES: readonly QueueName[] = ['analytics', 'payouts', 'maintenance'];

export interface AnalyticsEventJob {
  /** Each event's own id, from API processes that queued batches without an id (each then counted on its own). */
  id?: string;
  kind: 'view' | 'click';
  ownerId: string;
  linkId: string | null;
  occurredAt: string;
  referrerHost: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | null;
}

/** Views or clicks alike in everything counted, with their visitor hashes not sent before that day (EventGroup). */
export interface AnalyticsGroupJob {
  kind: 'view' | 'click';
  ownerId: string;
  linkId: string | null;
  day: string;
  referrer: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  country: string;
  count: number;
  visitors: string[];
  firstAt: number;
}

/** Failed jobs are retried with exponential backoff (1 s, 2 s, 4 s … about 8.5 minutes in all), then kept for operators. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 14 * 24 * 3600 },
};

/**
 * Repeating work, run by the worker; the schedulers are upserted at worker start, so any number may start,
 * and created again when the queue store lost them (JobSchedules).
 */
export const SCHEDULES = [
  { queue: 'payouts', id: 'weekly-payouts', job: 'create-weekly', repeat: { pattern: '0 0 * * 1', tz: 'UTC' } },
  { queue: 'payouts', id: 'release-held-payouts', job: 'release-held', repeat: { pattern: '15 * * * *', tz: 'UTC' } },
  { queue: 'maintenance', id: 'billing-sweep', job: 'billing-sweep', repeat: { every: 60_000 } },
  { queue: 'maintenance', id: 'send-reminders', job: 'send-reminders', repeat: { every: 60_000 } },
  // At 00:05 UTC: a day's visitor salt is destroyed minutes after its day ends (the API processes took the new day's at midnight).
  { queue: 'maintenance', id: 'clean-up', job: 'clean-up', repeat: { pattern: '5 0 * * *', tz: 'UTC' } },
  { queue: 'maintenance', id: 'media-sweep', job: 'media-sweep', repeat: { pattern: '45 3 * * *', tz: 'UTC' } },
  { queue: 'maintenance', id: 'calendar-sweep', job: 'calendar-sweep', repeat: { every: 60_000 } },
  { queue: 'maintenance', id: 'payments-reconciliation', job: 'reconcile-payments', repeat: { pattern: '15 4 * * *', tz: 'UTC' } },
] as const satisfies ReadonlyArray<{
  queue: QueueName;
  id: string;
  job: string;
  repeat: { pattern: string; tz: string } | { every: number };
}>;
