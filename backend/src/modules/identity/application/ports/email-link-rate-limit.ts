import { RateLimit } from '../../../../shared/rate-limit.js';

/** Links to confirm an address (sent again, or to a new address) a creator may ask for within an hour. */
export const EMAIL_LINKS_PER_HOUR = 5;

/**
 * Counts the e-mails with a confirmation link each account asks for, in a store every API process shares: at
 * most EMAIL_LINKS_PER_HOUR per account within the hour, so nobody uses the product to flood a mailbox.
 */
export abstract class EmailLinkRateLimit extends RateLimit {}
