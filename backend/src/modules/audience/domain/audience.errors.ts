import { AudienceMessages } from '@linkbio/shared-contracts';
import { DomainError, conflict, forbidden, invalid, notFound } from '../../../shared/domain-error.js';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const tooManySubscribes = (retryAfterSeconds: number) =>
  new DomainError('too_many', AudienceMessages.tooManySubscribes(minutes(retryAfterSeconds)), { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const tooManyLinkUses = (retryAfterSeconds: number) =>
  new DomainError('too_many', AudienceMessages.tooManyLinkUses(minutes(retryAfterSeconds)), { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const listUnavailable = () => notFound(AudienceMessages.listUnavailable);
export const subscriberNotFound = () => notFound(AudienceMessages.subscriberNotFound);
export const broadcastsArePremium = () => forbidden(AudienceMessages.premiumOnly);
export const oneBroadcastADay = () => conflict(AudienceMessages.oneBroadcastADay);
export const noSubscribers = () => invalid(AudienceMessages.noSubscribers);
