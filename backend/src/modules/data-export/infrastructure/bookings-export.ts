import type { AccountExport, BookedLocation, IntakeAnswer } from '@linkbio/shared-contracts';

/** Every booking of the creator, oldest first, with what it was booked as (type, where it met, the answers). */
export const BOOKINGS_SQL = `
  select id, customer_name, customer_email, customer_phone, message, amount, user_amount, platform_fee, currency,
         status, created_at, paid_at, slot_start, slot_end, refunded_at, session_name, location, answers,
         source, medium, campaign, country
    from bookings where creator_id = $1 order by created_at, id`;

export interface BookingExportRow {
  id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  message: string | null;
  amount: number;
  user_amount: number;
  platform_fee: number;
  currency: string;
  status: string;
  created_at: Date;
  paid_at: Date | null;
  slot_start: Date | null;
  slot_end: Date | null;
  refunded_at: Date | null;
  session_name: string | null;
  location: BookedLocation | null;
  answers: IntakeAnswer[] | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  country: string | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export const toBookingExport = (b: BookingExportRow): AccountExport['bookings'][number] => ({
  id: b.id,
  customerName: b.customer_name,
  customerEmail: b.customer_email,
  customerPhone: b.customer_phone,
  message: b.message,
  amountCents: b.amount,
  yourShareCents: b.user_amount,
  platformFeeCents: b.platform_fee,
  currency: b.currency,
  status: b.status,
  createdAt: b.created_at.toISOString(),
  paidAt: iso(b.paid_at),
  slotStart: iso(b.slot_start),
  slotEnd: iso(b.slot_end),
  refundedAt: iso(b.refunded_at),
  sessionName: b.session_name,
  location: b.location,
  answers: b.answers ?? [],
  source: b.source,
  medium: b.medium,
  campaign: b.campaign,
  country: b.country,
});
