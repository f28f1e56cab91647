import { RateLimit } from '../../../../shared/rate-limit.js';

/**
 * Counts the upload URLs a creator asks for, in a store every API process shares: UPLOADS_PER_HOUR per
 * creator within the hour (the RateLimit port, under its own name so it is injected on its own).
 */
export abstract class UploadRateLimit extends RateLimit {}
