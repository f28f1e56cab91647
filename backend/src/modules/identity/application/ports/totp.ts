/** Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30-second steps). */
export abstract class Totp {
  /** A new random shared secret, base32. */
  abstract newSecret(): string;
  /** The otpauth:// address authenticator apps read from the QR code. */
  abstract otpauthUrl(secret: string, accountName: string): string;
  /** The time step the code belongs to when it is valid at `at` (one step either side allowed), else null. */
  abstract matchingStep(secret: string, code: string, at: Date): number | null;
}
