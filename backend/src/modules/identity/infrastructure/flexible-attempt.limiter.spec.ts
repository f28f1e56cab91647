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

describe('FlexibleAttemptLimiter: reset e-mails (tryConsume)', () => {
  const { perEmailAndIp, perEmail, perDevice } = ATTEMPT_LIMITS.password_reset_email;
  const reset = (ip: string, device: string | null = null) => ({
    action: 'password_reset_email' as const,
    email: 'Alice@Example.com ',
    ip,
    device,
  });

  it('answers false instead of rejecting once one client address has had its share of an address', async () => {
    const limiter = memoryAttemptLimiter();
    const ip = anotherIp();
    for (let i = 0; i < perEmailAndIp; i += 1) expect(await limiter.tryConsume(reset(ip))).toBe(true);

    expect(await limiter.tryConsume(reset(ip))).toBe(false);
    expect(await limiter.tryConsume({ ...reset(ip), email: 'bob@example.com' })).toBe(true);
    expect(await limiter.tryConsume(reset(anotherIp()))).toBe(true);
  });

  it('caps the address over every client address, but not the owner’s device', async () => {
    const limiter = memoryAttemptLimiter();
    let sent = 0;
    while (sent < perEmail) if (await limiter.tryConsume(reset(anotherIp()))) sent += 1;

    expect(await limiter.tryConsume(reset(anotherIp()))).toBe(false);
    for (let i = 0; i < perDevice; i += 1)
      expect(await limiter.tryConsume(reset(anotherIp(), 'owners-device'))).toBe(true);
    expect(await limiter.tryConsume(reset(anotherIp(), 'owners-device'))).toBe(false);
  });
});

describe('FlexibleAttemptLimiter: two-factor codes', () => {
  const { perEmail, perIp } = ATTEMPT_LIMITS.two_factor;
  const code = (overrides: { ip?: string; device?: string | null; email?: string } = {}) => ({
    action: 'two_factor' as const,
    email: overrides.email ?? 'alice@example.com',
    ip: overrides.ip ?? anotherIp(),
    device: overrides.device ?? null,
  });

  it('holds the account after its wrong codes from anywhere, but not the owner’s device', async () => {
    const limiter = memoryAttemptLimiter();
    for (let i = 0; i < perEmail; i += 1) await limiter.consume(code());

    await expect(limiter.consume(code())).rejects.toEqual(tooMany);
    await expect(limiter.consume(code({ device: 'owners-device' }))).resolves.toBeUndefined();
  });

  it('holds a client address trying codes on many accounts', async () => {
    const limiter = memoryAttemptLimiter();
    const ip = anotherIp();
    for (let i = 0; i < perIp; i += 1) await limiter.consume(code({ ip, email: `someone${i}@example.com` }));

    await expect(limiter.consume(code({ ip, email: 'fresh@example.com' }))).rejects.toEqual(tooMany);
  });
});
