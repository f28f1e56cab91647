import { SUPPORT_REQUESTS_PER_HOUR } from '@linkbio/shared-contracts';
import type { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { SupportRequestLimiter } from '../application/ports/support-request.limiter.js';
import { tooManySupportRequests } from '../domain/support.errors.js';

const HOUR_MS = 60 * 60 * 1000;

/** A fixed window per creator on the test's clock, as rate-limiter-flexible counts. */
export class InMemorySupportRequestLimiter extends SupportRequestLimiter {
  private readonly windows = new Map<Id, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit = SUPPORT_REQUESTS_PER_HOUR,
  ) {
    super();
  }

  consume(creatorId: Id): Promise<void> {
    const now = this.clock.now().getTime();
    let window = this.windows.get(creatorId);
    if (!window || now >= window.start + HOUR_MS) {
      window = { start: now, count: 0 };
      this.windows.set(creatorId, window);
    }
    window.count += 1;
    if (window.count > this.limit) return Promise.reject(tooManySupportRequests((window.start + HOUR_MS - now) / 1000));
    return Promise.resolve();
  }
}
