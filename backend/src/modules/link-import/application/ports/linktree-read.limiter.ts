import { RateLimit } from '../../../../shared/rate-limit.js';

/**
 * The Linktree pages each creator may have the server read: LINKTREE_READS_PER_HOUR an hour (the RateLimit
 * port, under its own name so it is injected on its own), so the import cannot be used to call linktr.ee
 * without end.
 */
export abstract class LinktreeReadLimiter extends RateLimit {}
