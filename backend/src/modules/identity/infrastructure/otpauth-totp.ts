import { Secret, TOTP } from 'otpauth';
import { Totp } from '../application/ports/totp.js';

const PERIOD_SECONDS = 30;
const ISSUER = 'Linkbio';

/** TOTP by otpauth (RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s). */
export class OtpauthTotp extends Totp {
  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  otpauthUrl(secret: string, accountName: string): string {
    return this.totp(secret, accountName).toString();
  }

  matchingStep(secret: string, code: string, at: Date): number | null {
    const delta = this.totp(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
    return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: at.getTime() }) + delta;
  }

  private totp(secret: string, label = ''): TOTP {
    return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
  }
}
