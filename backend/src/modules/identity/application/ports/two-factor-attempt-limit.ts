import { RateLimit } from '../../../../shared/rate-limit.js';

/** Second-step codes tried per account (sign-in, set-up, switching off) within a quarter of an hour. */
export const TWO_FACTOR_ATTEMPTS = 5;
export const TWO_FACTOR_WINDOW_SECONDS = 15 * 60;

export abstract class TwoFactorAttemptLimit extends RateLimit {}
