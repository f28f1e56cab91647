import { RateLimit } from '../../../../shared/rate-limit.js';

/** Subscribe requests per client address (SUBSCRIBES_PER_IP_PER_HOUR). */
export abstract class SubscribeIpRateLimit extends RateLimit {}
/** Subscribe requests per e-mail address, whatever the list (SUBSCRIBES_PER_EMAIL_PER_HOUR): nobody floods an inbox. */
export abstract class SubscribeEmailRateLimit extends RateLimit {}
/** Uses of confirm and unsubscribe links per client address (LIST_LINK_USES_PER_10_MINUTES): tokens are not guessed. */
export abstract class ListLinkRateLimit extends RateLimit {}
