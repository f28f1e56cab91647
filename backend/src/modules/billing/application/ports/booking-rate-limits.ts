import { RateLimit } from '../../../../shared/rate-limit.js';

/** BOOKINGS_PER_IP_PER_HOUR booking requests per client address within the hour (the RateLimit port under its own name). */
export abstract class BookingIpRateLimit extends RateLimit {}

/** BOOKINGS_PER_EMAIL_PER_HOUR booking requests per customer e-mail (lower-cased) within the hour. */
export abstract class BookingEmailRateLimit extends RateLimit {}

/** BOOKING_LINK_LOOKUPS_PER_10_MINUTES uses of a booking's manage link per client address, so tokens cannot be guessed at speed. */
export abstract class BookingLinkRateLimit extends RateLimit {}
