import { OtpauthTotp } from './otpauth-totp.js';

/** RFC 6238 appendix B (SHA-1): the shared secret "12345678901234567890"; 6-digit codes are the last six digits. */
const BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890" in base32
const VECTORS: Array<[seconds: number, eightDigits: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('OtpauthTotp', () => {
  const totp = new OtpauthTotp();

  it.each(VECTORS)('accepts RFC 6238’s code at %i s and names its time step', (seconds, eightDigits) => {
    const at = new Date(seconds * 1000);
    expect(totp.matchingStep(BASE32, eightDigits.slice(-6), at)).toBe(Math.floor(seconds / 30));
  });

  it('accepts the code of the step before and after (clock drift), not two steps away', () => {
    const [seconds, eightDigits] = VECTORS[3]!;
    const code = eightDigits.slice(-6);
    const step = Math.floor(seconds / 30);
    expect(totp.matchingStep(BASE32, code, new Date((seconds + 30) * 1000))).toBe(step);
    expect(totp.matchingStep(BASE32, code, new Date((seconds - 30) * 1000))).toBe(step);
    expect(totp.matchingStep(BASE32, code, new Date((seconds + 75) * 1000))).toBeNull();
  });

  it('refuses a wrong code', () => {
    expect(totp.matchingStep(BASE32, '000000', new Date(59_000))).toBeNull();
  });

  it('makes a new 160-bit secret each time and an otpauth address apps read', () => {
    const secret = totp.newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.newSecret()).not.toBe(secret);
    const url = new URL(totp.otpauthUrl(secret, 'maya@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Linkbio');
    expect(decodeURIComponent(url.pathname)).toContain('maya@example.com');
  });
});
