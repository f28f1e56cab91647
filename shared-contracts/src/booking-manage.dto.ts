import { IsNotEmpty, IsOptional } from 'class-validator';
import type { BookingStatus } from './payments.js';
import type { BookedLocation } from './session-types.js';
import { IsInstant, IsLocale, IsTimeZone } from './scheduling.dto.js';
import { SchedulingMessages } from './scheduling.messages.js';

/**
 * GET /api/booking-manage/{token}: a paid booking at a set time as its visitor sees it through the private link
 * in their receipt e-mail.
 */
export interface ManagedBookingView {
  creator: { username: string; displayName: string };
  /** ISO 8601 instants in UTC, and the creator's time zone (the e-mails tell the time in it and in the visitor's). */
  slotStart: string;
  slotEnd: string;
  timeZone: string;
  /** The visitor's zone stored with the booking (their e-mails use it), null when none was sent. */
  visitorTimeZone: string | null;
  /** What the visitor paid, integer cents. */
  amount: number;
  status: BookingStatus;
  /** Hours before the start inside which a cancellation is not refunded. */
  cancellationHours: number;
  /** Cancelling now is refunded in full (now is before start − cancellationHours). */
  refundOnCancel: boolean;
  canCancel: boolean;
  /** Paid, in the future and never moved: a booking may be moved once. */
  canReschedule: boolean;
  /** The session type's name as booked; null for a booking made before session types. */
  sessionName: string | null;
  /** Where the session takes place (describeLocation tells it in one line); null: not set, the creator tells. */
  location: BookedLocation | null;
}

/** POST /api/booking-manage/{token}/reschedule: the new time, a start from GET /api/users/{username}/slots. */
export class BookingRescheduleRequest {
  @IsInstant(SchedulingMessages.slotStart)
  @IsNotEmpty({ message: SchedulingMessages.slotStart })
  slotStart!: string;

  /** The visitor's time zone now (as on POST …/book): given, it replaces the one stored; absent, it is kept. */
  @IsTimeZone()
  @IsOptional()
  timeZone?: string;

  /** The visitor's locale now: given, it replaces the one stored; absent, it is kept. */
  @IsLocale()
  @IsOptional()
  locale?: string;
}
