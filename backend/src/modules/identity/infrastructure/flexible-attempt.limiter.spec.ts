import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { memoryAttemptLimiter } from '../testing/memory-attempt-limiter.js';
import { ATTEMPT_LIMITS } from './flexible-attempt.limiter.js';

const { perEmail, perDevice, perIp } = ATTEMPT_LIMITS.login;
const tooMany = aDomainError('too_many', Messages.tooManyAttempts(15));
let address = 0;
const anotherIp = () => `10.1.${(address += 1) >> 8}.${address & 255}`;
const login = (overrides: { ip?: string; device?: string | null } = {}) => ({
  action: 'login' as const,
  email: 'alice@example.com',
  ip: overrides.ip ?? anotherIp(),
  device: overrides.device ?? null,
});

describe('FlexibleAttemptLimiter: sign-ins from trusted devices', () => {
  it('lets the owner’s device sign in while guesses from elsewhere hold the account', async () => {
    const limiter = memoryAttemptLimiter();
    for (let i = 0; i < perEmail; i += 1) await limiter.consume(login());

    await expect(limiter.consume(login())).rejects.toEqual(tooMany);
    await expect(limiter.consume(login({ device: 'owners-device' }))).resolves.toBeUndefined();
  });

  it('holds a device after its own failures, and only that device', async () => {
    const limiter = memoryAttemptLimiter();
    for (let i = 0; i < perDevice; i += 1) await limiter.consume(login({ device: 'stolen-cookie' }));

    await expect(limiter.consume(login({ device: 'stolen-cookie' }))).rejects.toEqual(tooMany);
    await expect(limiter.consume(login({ device: 'owners-device' }))).resolves.toBeUndefined();
    await expect(limiter.consume(login())).resolves.toBeUndefined();
  });

  it('still holds a client address, device or not', async () => {
    const limiter = memoryAttemptLimiter();
    const ip = anotherIp();
    for (let i = 0; i < perIp; i += 1) await limiter.consume({ ...login({ ip }), email: `guess${i}@example.com` });

    await expect(limiter.consume(login({ ip, device: 'owners-device' }))).rejects.toEqual(tooMany);
  });

  it('forgets a device’s failures when it signs in, leaving the account’s count from elsewhere as it was', async () => {
    const limiter = memoryAttemptLimiter();
    for (let i = 0; i < perEmail; i += 1) await limiter.consume(login());
    for (let i = 0; i < perDevice - 1; i += 1) await limiter.consume(login({ device: 'owners-device' }));

    await limiter.succeeded(login({ device: 'owners-device' }));

    for (let i = 0; i < perDevice - 1; i += 1) await limiter.consume(login({ device: 'owners-device' }));
    await expect(limiter.consume(login())).rejects.toEqual(tooMany);
  });

  it('forgets the account’s failures after a sign-in without a device, as before', async () => {
    const limiter = memoryAttemptLimiter();
    for (let i = 0; i < perEmail - 1; i += 1) await limiter.consume(login());

    await limiter.succeeded(login());

    for (let i = 0; i < perEmail; i += 1) await limiter.consume(login());
    await expect(limiter.consume(login())).rejects.toEqual(tooMany);
  });
});
