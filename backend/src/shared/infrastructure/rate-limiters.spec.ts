import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimit } from './rate-limiters.js';

describe('FlexibleRateLimit', () => {
  it('lets the allowance through per key, then answers the whole seconds to wait', async () => {
    const limit = new FlexibleRateLimit(new RateLimiterMemory({ points: 5, duration: 3600 }));
    for (let i = 0; i < 5; i += 1) expect(await limit.consume('maya')).toBeNull();

    const wait = await limit.consume('maya');

    expect(Number.isInteger(wait)).toBe(true);
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await limit.consume('alex')).toBeNull();
  });
});
