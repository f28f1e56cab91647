import { RateLimit } from '../../../../shared/rate-limit.js';

/** EXPORTS_PER_HOUR downloads per creator within the hour (the RateLimit port under its own name). */
export abstract class ExportRateLimit extends RateLimit {}
