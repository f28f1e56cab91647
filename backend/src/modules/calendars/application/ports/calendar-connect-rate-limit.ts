import { RateLimit } from '../../../../shared/rate-limit.js';

/**
 * Counts a creator's attempts to connect a calendar, in a store every API process shares:
 * CALENDAR_CONNECTS_PER_HOUR per creator (each attempt makes the server fetch an address they typed).
 */
export abstract class CalendarConnectRateLimit extends RateLimit {}
