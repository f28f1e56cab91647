import { RateLimit } from '../../../../shared/rate-limit.js';

/**
 * Counts a creator's support requests in a store every API process shares: SUPPORT_REQUESTS_PER_HOUR per
 * creator within the hour (the RateLimit port, under its own name so it is injected on its own).
 */
export abstract class SupportRequestLimiter extends RateLimit {}
