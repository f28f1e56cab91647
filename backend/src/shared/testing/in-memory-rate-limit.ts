import type { Clock } from '../clock.js';
import { RateLimit } from '../rate-limit.js';

/** A fixed window per key on the test's clock, counted as rate-limiter-flexible counts. */
export class InMemoryRateLimit extends RateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly points: number,
    private readonly windowSeconds: number,
  ) {
    super();
  }

  async consume(key: string): Promise<number | null> {
    const now = this.clock.now().getTime();
    const length = this.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now >= window.start + length) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.points ? Math.max(1, Math.ceil((window.start + length - now) / 1000)) : null;
  }
}
