import { IsNotEmpty } from 'class-validator';
import type { BookingStatus } from './payments.js';
import { IsInstant } from './scheduling.dto.js';
import { SchedulingMessages } from './scheduling.messages.js';

/**
 * GET /api/booking-manage/{token}: a paid booking at a set time as its visitor sees it through the private link
 * in their receipt e-mail.
 */
export interface ManagedBookingView {
  creator: { username: string; displayName: string };
  /** ISO 8601 instants in UTC, and the creator's time zone the e-mails tell them in. */
  slotStart: string;
  slotEnd: string;
  timeZone: string;
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
}

/** POST /api/booking-manage/{token}/reschedule: the new time, a start from GET /api/users/{username}/slots. */
export class BookingRescheduleRequest {
  @IsInstant(SchedulingMessages.slotStart)
  @IsNotEmpty({ message: SchedulingMessages.slotStart })
  slotStart!: string;
}
