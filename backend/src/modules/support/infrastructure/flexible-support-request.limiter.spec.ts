import { SupportMessages } from '@linkbio/shared-contracts';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FlexibleSupportRequestLimiter } from './flexible-support-request.limiter.js';

describe('FlexibleSupportRequestLimiter', () => {
  it('lets 5 requests an hour through per creator, then answers 429 with the minutes to wait', async () => {
    const limiter = new FlexibleSupportRequestLimiter(new RateLimiterMemory({ points: 5, duration: 3600 }));
    for (let i = 0; i < 5; i += 1) await limiter.consume('maya');

    const refused = limiter.consume('maya');

    await expect(refused).rejects.toEqual(aDomainError('too_many', SupportMessages.tooMany(60)));
    await expect(refused).rejects.toMatchObject({ details: { retryAfterSeconds: expect.any(Number) } });
    await expect(limiter.consume('alex')).resolves.toBeUndefined();
  });
});
