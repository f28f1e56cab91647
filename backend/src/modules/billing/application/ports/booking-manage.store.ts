import type { Id } from '../../../../shared/ids.js';
import type { Booking } from '../../domain/booking.js';

/**
 * What the visitor's manage link changes on a booking. Calls join the current transaction; the state changes
 * are conditional UPDATEs on the paid booking, so a repeated or concurrent request changes it once.
 */
export abstract class BookingManageStore {
  /** Keeps the SHA-256 (hex) of the booking's manage token; the token itself is stored nowhere. */
  abstract setTokenHash(bookingId: Id, tokenHash: string): Promise<void>;
  /** The booking whose manage token hashes to `tokenHash`, locked until the transaction ends. */
  abstract lockByTokenHash(tokenHash: string): Promise<Booking | null>;
  abstract findByTokenHash(tokenHash: string): Promise<Booking | null>;
  /** paid → cancelled (not refunded), its invite's SEQUENCE one higher; null when it was not paid. */
  abstract markCancelled(bookingId: Id, now: Date): Promise<Booking | null>;
  /** A paid booking never moved gets its new time, rescheduled_at and its invite's SEQUENCE one higher; else null. */
  /** Moves the session; a visitor's zone or locale given replaces the stored one, absent keeps it. */
  abstract markMoved(bookingId: Id, slot: { start: Date; end: Date }, now: Date, visitor?: VisitorReading): Promise<Booking | null>;
}

/** How the visitor reads times now (both canonical), as sent with a move. */
export interface VisitorReading {
  timeZone?: string | null;
  locale?: string | null;
}
