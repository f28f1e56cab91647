import {
  bookingAmounts,
  canonicalLocale,
  canonicalTimeZone,
  type BookedLocation,
  type BookingStatus,
  type BookingView,
  type IntakeAnswer,
  type SaleAttribution,
} from '@linkbio/shared-contracts';
import { newId, type Id } from '../../../shared/ids.js';

export interface Booking {
  id: Id;
  creatorId: Id;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  message: string | null;
  userAmount: number;
  platformFee: number;
  amount: number;
  status: BookingStatus;
  paymentIntentId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  /** The session's time when booked at a set time (the slot held for it), else null. */
  slotStart: Date | null;
  slotEnd: Date | null;
  /** Until when the held slot waits for the payment; unpaid by then, the booking is expired. */
  holdExpiresAt: Date | null;
  /** The SEQUENCE of the latest calendar invite sent about the session (0 for the first). */
  inviteSequence: number;
  /** When the visitor moved the session to another time (once at most), else null. */
  rescheduledAt: Date | null;
  /** The visitor's time zone and locale, sent with the booking (or its move): how their e-mails tell the time. */
  visitorTimeZone: string | null;
  visitorLocale: string | null;
  /** The visitor ticked "join my e-mail list": once paid, they are asked to confirm (absent: not ticked). */
  joinList?: boolean;
  /** The session type booked, and its name then; null for a booking made before session types (or of a deleted type). */
  sessionTypeId: Id | null;
  sessionName: string | null;
  /** Where the session takes place, resolved when booked (a generated room, the visitor's number); null: not set. */
  location: BookedLocation | null;
  /** The visitor's answers to the type's questions, as they were asked. */
  answers: IntakeAnswer[];
  /** The visit the booking came from and the visitor's country, set when it is made; payment and refunds leave it. */
  attribution: SaleAttribution;
}

/** What a booking was booked as: its type (null: the creator's implicit one), where it meets, the answers. */
export interface BookedAs {
  sessionTypeId: Id | null;
  sessionName: string | null;
  location: BookedLocation | null;
  answers: IntakeAnswer[];
}

/** A sale made without a visit to carry (and before attribution was kept): no source, no country. */
export const UNATTRIBUTED: SaleAttribution = Object.freeze({ source: null, medium: null, campaign: null, country: null });

const UNTYPED: BookedAs = { sessionTypeId: null, sessionName: null, location: null, answers: [] };

/** A requested booking, waiting for payment; every amount comes from the creator's stored price (cents). */
export function requestBooking(
  creatorId: Id,
  priceCents: number,
  customer: {
    customerName: string;
    customerEmail: string;
    customerPhone?: string | null;
    message?: string | null;
    timeZone?: string | null;
    locale?: string | null;
    joinList?: boolean;
  },
  now: Date,
  bookedAs: BookedAs = UNTYPED,
  attribution: SaleAttribution = UNATTRIBUTED,
): Booking {
  return {
    id: newId(),
    creatorId,
    customerName: customer.customerName,
    customerEmail: customer.customerEmail,
    customerPhone: customer.customerPhone || null,
    message: customer.message || null,
    ...bookingAmounts(priceCents),
    status: 'pending_payment',
    paymentIntentId: null,
    createdAt: now,
    paidAt: null,
    slotStart: null,
    slotEnd: null,
    holdExpiresAt: null,
    inviteSequence: 0,
    rescheduledAt: null,
    visitorTimeZone: canonicalTimeZone(customer.timeZone),
    visitorLocale: canonicalLocale(customer.locale),
    joinList: customer.joinList === true,
    sessionTypeId: bookedAs.sessionTypeId,
    sessionName: bookedAs.sessionName,
    location: bookedAs.location,
    answers: bookedAs.answers.map((answer) => ({ ...answer })),
    attribution: { ...attribution },
  };
}

export function toBookingView(booking: Booking): BookingView {
  return {
    id: booking.id,
    customerName: booking.customerName,
    customerEmail: booking.customerEmail,
    customerPhone: booking.customerPhone,
    message: booking.message,
    amount: booking.amount,
    userAmount: booking.userAmount,
    platformFee: booking.platformFee,
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    paidAt: booking.paidAt ? booking.paidAt.toISOString() : null,
    slotStart: booking.slotStart ? booking.slotStart.toISOString() : null,
    slotEnd: booking.slotEnd ? booking.slotEnd.toISOString() : null,
    sessionName: booking.sessionName,
    location: booking.location,
    answers: booking.answers.map((answer) => ({ ...answer })),
    source: booking.attribution.source,
  };
}

export const dollars = (cents: number): string => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A booking of a session at a set time. */
export type TimedBooking = Booking & { slotStart: Date; slotEnd: Date };

/** How long the session was booked for (its type's length then): a move keeps it. */
export const bookedMinutes = (booking: TimedBooking): number => Math.round((booking.slotEnd.getTime() - booking.slotStart.getTime()) / 60_000);

/** The booking as one at a set time, or null when it was booked without one. */
export const timedOrNull = (booking: Booking): TimedBooking | null =>
  booking.slotStart && booking.slotEnd ? { ...booking, slotStart: booking.slotStart, slotEnd: booking.slotEnd } : null;
