import type { DomainErrorKind } from '../domain-error.js';

/** Matches a DomainError of this kind with exactly this message: `rejects.toEqual(…)`, `toThrow(…)`. */
export const aDomainError = (kind: DomainErrorKind, message: string) =>
  expect.objectContaining({ name: 'DomainError', kind, message });
