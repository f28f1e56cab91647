import { RateLimit } from '../../../../shared/rate-limit.js';

/** ORDERS_PER_IP_PER_HOUR order and tip requests per client address within the hour. */
export abstract class OrderIpRateLimit extends RateLimit {}

/** ORDERS_PER_EMAIL_PER_HOUR order and tip requests per buyer e-mail (lower-cased) within the hour. */
export abstract class OrderEmailRateLimit extends RateLimit {}

/** ORDER_RESENDS_PER_HOUR re-sends of order links per client address, and per e-mail. */
export abstract class OrderResendIpRateLimit extends RateLimit {}
export abstract class OrderResendEmailRateLimit extends RateLimit {}

/** ORDER_LINK_USES_PER_10_MINUTES uses of order links per client address, so tokens cannot be guessed at speed. */
export abstract class OrderLinkRateLimit extends RateLimit {}
