import { RateLimit } from '../../../../shared/rate-limit.js';

/** Changes of username a creator may try within an hour (each leaves a name held for 30 days). */
export const USERNAME_CHANGES_PER_HOUR = 5;

/**
 * Counts the changes of username each creator tries, in a store every API process shares: at most
 * USERNAME_CHANGES_PER_HOUR per creator within the hour (the RateLimit port, under its own name so it is
 * injected on its own).
 */
export abstract class UsernameChangeRateLimit extends RateLimit {}
