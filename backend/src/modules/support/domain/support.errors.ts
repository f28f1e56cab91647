import { SupportMessages } from '@linkbio/shared-contracts';
import { DomainError, notFound } from '../../../shared/domain-error.js';

export const supportRequestNotFound = () => notFound(SupportMessages.notFound);

/** 429 with Retry-After: the creator has sent their requests of the hour. */
export const tooManySupportRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new DomainError('too_many', SupportMessages.tooMany(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
};
