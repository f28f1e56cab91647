import type { Id } from '../../../../shared/ids.js';

export interface HeldSlot {
  start: Date;
  end: Date;
  /** Until when the slot waits for the payment. */
  expiresAt: Date;
}

/**
 * The scheduling module's side of a paid booking, for billing: hold the picked slot while the visitor pays,
 * keep it once paid. Every call joins the caller's transaction.
 */
export abstract class SlotReservations {
  /**
   * Holds `slotStart` for the booking `bookingId` for SLOT_HOLD_MINUTES; null when the creator books without
   * set times (no weekly hours, no slotStart). The session lasts `minutes` (its type's length; null: the
   * availability's session length), so the hold blocks from its start until its end plus the creator's buffer.
   * Refuses a missing, unoffered or taken time (400, 400, 409) and a visitor with too many live holds (429).
   */
  abstract hold(request: { bookingId: Id; creatorId: Id; slotStart: Date | null; minutes: number | null; visitor: string; now: Date }): Promise<HeldSlot | null>;
  /** The booking was paid: true when it has its slot (or never had one), false when its slot went to someone else. */
  abstract keep(bookingId: Id, now: Date): Promise<boolean>;
  /** Frees the booking's slot at once (its payment could not be started). */
  abstract release(bookingId: Id): Promise<void>;
  /**
   * Moves the booking's booked time to `slotStart`, returning the new session's time: it keeps its length
   * (`minutes`, as booked). Refuses a creator without set times or an unoffered time (400) and a time someone
   * holds (409).
   */
  abstract move(request: { bookingId: Id; creatorId: Id; slotStart: Date; minutes: number; now: Date }): Promise<{ start: Date; end: Date }>;
  /** Frees the booking's time, held or booked: the booking was cancelled. */
  abstract cancel(bookingId: Id): Promise<void>;
  /** Frees every hold past its expiry; returns how many. */
  abstract releaseExpired(now: Date): Promise<number>;
  /** The creator's IANA time zone, in which their sessions are told (UTC before they saved any hours). */
  abstract timeZoneOf(creatorId: Id): Promise<string>;
  /** Hours before a session's start inside which the visitor's cancellation is not refunded. */
  abstract cancellationHoursOf(creatorId: Id): Promise<number>;
}
