import type { BookedLocation, BookingStatus, IntakeAnswer } from '@linkbio/shared-contracts';
import type { Booking } from '../domain/booking.js';

/** A row of `bookings`, as the PostgreSQL adapters read it. */
export interface BookingRow {
  id: string;
  creator_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  message: string | null;
  user_amount: number;
  platform_fee: number;
  amount: number;
  status: BookingStatus;
  payment_intent_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  slot_start: Date | null;
  slot_end: Date | null;
  hold_expires_at: Date | null;
  invite_sequence: number;
  rescheduled_at: Date | null;
  visitor_time_zone: string | null;
  visitor_locale: string | null;
  join_list?: boolean;
  session_type_id: string | null;
  session_name: string | null;
  location: BookedLocation | null;
  answers: IntakeAnswer[] | null;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  country?: string | null;
}

export const toBooking = (r: BookingRow): Booking => ({
  id: r.id,
  creatorId: r.creator_id,
  customerName: r.customer_name,
  customerEmail: r.customer_email,
  customerPhone: r.customer_phone,
  message: r.message,
  userAmount: r.user_amount,
  platformFee: r.platform_fee,
  amount: r.amount,
  status: r.status,
  paymentIntentId: r.payment_intent_id,
  createdAt: new Date(r.created_at),
  paidAt: r.paid_at ? new Date(r.paid_at) : null,
  slotStart: r.slot_start ? new Date(r.slot_start) : null,
  slotEnd: r.slot_end ? new Date(r.slot_end) : null,
  holdExpiresAt: r.hold_expires_at ? new Date(r.hold_expires_at) : null,
  inviteSequence: r.invite_sequence,
  rescheduledAt: r.rescheduled_at ? new Date(r.rescheduled_at) : null,
  visitorTimeZone: r.visitor_time_zone ?? null,
  visitorLocale: r.visitor_locale ?? null,
  joinList: r.join_list === true,
  sessionTypeId: r.session_type_id ?? null,
  sessionName: r.session_name ?? null,
  location: r.location ?? null,
  answers: r.answers ?? [],
  attribution: { source: r.source ?? null, medium: r.medium ?? null, campaign: r.campaign ?? null, country: r.country ?? null },
});
