/**
 * Errors the domain and use cases raise. Each kind maps to one HTTP status in DomainErrorFilter, and the
 * message is what a person reads.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many'
  /** A service we depend on (the payment provider) did not answer: nothing the client did; try later. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError('unavailable', message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
