import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleAttemptLimiter } from '../infrastructure/flexible-attempt.limiter.js';

/** The product's attempt limiter with its counters in memory (rate-limiter-flexible's own memory store). */
export const memoryAttemptLimiter = () =>
  new FlexibleAttemptLimiter((keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }));
