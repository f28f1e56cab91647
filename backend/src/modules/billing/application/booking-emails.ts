import { describeLocation, locationOfInvite } from '@linkbio/shared-contracts';
import type { CalendarInvite } from '../../../shared/email/calendar-invite.js';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { dollars, timedOrNull, type Booking, type TimedBooking } from '../domain/booking.js';
import { sessionTimeForVisitor } from '../domain/session-time.js';
import type { Creator } from './ports/billing.store.js';
import type { RefundReason } from './ports/refund.store.js';

/** "Tuesday, March 2, 2027, 14:00–14:45 (Europe/Berlin)": a session's time as told in `timeZone`. */
export function describeSession(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(start);
  const time = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${day}, ${time(start)}–${time(end)} (${timeZone})`;
}

/** What every booking e-mail is written with: the creator's time zone, the product's sender address, the time. */
export interface BookingMailContext {
  /** The creator's time zone (IANA): their e-mails tell the time in it, the visitor's in it and in the visitor's. */
  timeZone: string;
  /** The product's sender address (MAIL_FROM's address): the organizer of the invites a visitor gets. */
  sender: string;
  now: Date;
}

/** The session's time as the visitor is told it: in their zone (the creator's when none was sent) and the creator's. */
const visitorsTime = (booking: TimedBooking | Booking, creator: Creator, context: BookingMailContext, start: Date, end: Date) =>
  sessionTimeForVisitor(
    start,
    end,
    { timeZone: booking.visitorTimeZone ?? context.timeZone, locale: booking.visitorLocale },
    { name: creator.displayName, timeZone: context.timeZone },
  );

/** The invite's title: the session type's name (a booking before session types: "Session") with the other side. */
const summaryFor = (booking: Booking, withWhom: string): string => `${booking.sessionName ?? 'Session'} with ${withWhom}`;

/** What was booked and where it meets, one line each (neither for a booking made before session types). */
const bookedAsLines = (booking: Booking): string[] => [
  ...(booking.sessionName ? [`Session: ${booking.sessionName}`] : []),
  ...(booking.location ? [`Where: ${describeLocation(booking.location)}`] : []),
];

/** The visitor's answers to the type's questions, each under the question as asked (none: nothing). */
const answerLines = (booking: Booking): string[] =>
  booking.answers.length === 0 ? [] : ['', 'Their answers:', ...booking.answers.flatMap(({ question, answer }) => ['', `${question}`, answer])];

/**
 * A booked session's invite: one UID per booking for every version sent about it, each version with the
 * booking's current SEQUENCE (0 when first booked, one higher for each move and for its cancellation). The
 * visitor's copy names the creator as organizer at the product's sender address, never the creator's own (their
 * sign-in address is not handed to every customer); the creator's copy, sent only to them, keeps theirs, so their
 * calendar holds the session as their own.
 */
function sessionInvite(
  booking: TimedBooking,
  creator: Creator,
  context: BookingMailContext,
  summary: string,
  to: 'visitor' | 'creator',
  method: 'REQUEST' | 'CANCEL' = 'REQUEST',
): CalendarInvite {
  const now = context.now;
  return {
    method,
    uid: `booking-${booking.id}@linkbio`,
    sequence: booking.inviteSequence,
    start: booking.slotStart,
    end: booking.slotEnd,
    stamp: now,
    summary,
    description: `Paid session booked on Linkbio. Booking reference: ${booking.id}`,
    url: null,
    location: booking.location ? locationOfInvite(booking.location) : null,
    organizer: { name: creator.displayName, email: to === 'visitor' ? context.sender : creator.email },
    attendee: { name: booking.customerName, email: booking.customerEmail },
  };
}

/**
 * The two e-mails of a paid booking: the visitor's receipt and the creator's notice. A session booked at a set
 * time says when, in the creator's time zone, and carries the calendar invite (text/calendar, METHOD:REQUEST);
 * the visitor's receipt then carries their private link to cancel or move it (`manageUrl`).
 */
export function paidBookingEmails(booking: Booking, creator: Creator, context: BookingMailContext, manageUrl: string | null = null): OutgoingEmail[] {
  const timed = timedOrNull(booking);
  const when = timed ? describeSession(timed.slotStart, timed.slotEnd, context.timeZone) : null;
  const visitorsWhen = timed ? visitorsTime(timed, creator, context, timed.slotStart, timed.slotEnd) : null;
  const bookedAs = bookedAsLines(booking);
  const fees = [
    `Service Fee: ${dollars(booking.userAmount)}`,
    `Platform Fee (20%): ${dollars(booking.platformFee)}`,
    `Total: ${dollars(booking.amount)}`,
  ];
  return [
    {
      dedupeKey: `booking:${booking.id}:receipt`,
      to: booking.customerEmail,
      subject: `Booking confirmed with ${creator.displayName}`,
      text: [
        `Hi ${booking.customerName},`,
        '',
        `Your payment was successful and your session with ${creator.displayName} (@${creator.username}) is booked.`,
        ...(visitorsWhen || bookedAs.length > 0 ? [''] : []),
        ...bookedAs,
        ...(visitorsWhen ? [`When: ${visitorsWhen}`] : []),
        '',
        ...fees,
        '',
        `Booking reference: ${booking.id}`,
        when
          ? 'The attached invite adds the session to your calendar.'
          : `${creator.displayName} will contact you at this address to arrange the session.`,
        ...(manageUrl ? ['', `Need to cancel or move it? ${manageUrl}`] : []),
      ].join('\n'),
      ...(timed ? { calendar: sessionInvite(timed, creator, context, summaryFor(booking, creator.displayName), 'visitor') } : {}),
    },
    {
      dedupeKey: `booking:${booking.id}:creator`,
      to: creator.email,
      subject: `New booking from ${booking.customerName}`,
      text: [
        `Hi ${creator.displayName},`,
        '',
        `${booking.customerName} booked a paid session with you.`,
        ...(when || bookedAs.length > 0 ? [''] : []),
        ...bookedAs,
        ...(when ? [`When: ${when}`] : []),
        '',
        `Name: ${booking.customerName}`,
        `Email: ${booking.customerEmail}`,
        `Phone: ${booking.customerPhone ?? '-'}`,
        `Message: ${booking.message ?? '-'}`,
        ...answerLines(booking),
        '',
        `You earn: ${dollars(booking.userAmount)} (paid out weekly)`,
        `Customer paid: ${dollars(booking.amount)}`,
        '',
        `Booking reference: ${booking.id}`,
      ].join('\n'),
      ...(timed ? { calendar: sessionInvite(timed, creator, context, summaryFor(booking, booking.customerName), 'creator') } : {}),
    },
  ];
}

/** What the visitor is told when the money of a paid booking went back, by the reason it did. */
const REFUND_TOLD: Record<RefundReason, (creator: Creator, when: string | null) => string> = {
  cancelled_by_creator: (creator, when) => `${creator.displayName} cancelled your session${when ? ` on ${when}` : ''}.`,
  cancelled_by_visitor: (creator, when) => `You cancelled your session with ${creator.displayName}${when ? ` on ${when}` : ''}.`,
  time_taken: (creator, when) =>
    `Your payment for a session with ${creator.displayName}${when ? ` on ${when}` : ''} arrived after that time had gone to someone else, so nothing is booked.`,
  at_provider: (creator, when) => `Your payment for your session with ${creator.displayName}${when ? ` on ${when}` : ''} was refunded.`,
};

/**
 * The visitor's e-mail once a paid booking's money went back: why, how much, and, for a session whose invite
 * was sent, its cancellation (METHOD:CANCEL, the same UID) so that calendars remove it.
 */
export function refundedBookingEmail(booking: Booking, creator: Creator, reason: RefundReason, context: BookingMailContext): OutgoingEmail {
  const timed = timedOrNull(booking);
  const when = timed ? visitorsTime(timed, creator, context, timed.slotStart, timed.slotEnd) : null;
  const invited = timed && reason !== 'time_taken';
  return {
    dedupeKey: `booking:${booking.id}:refunded`,
    to: booking.customerEmail,
    subject: reason === 'time_taken' ? `Your payment to ${creator.displayName} is refunded` : `Your session with ${creator.displayName} is cancelled`,
    text: [
      `Hi ${booking.customerName},`,
      '',
      REFUND_TOLD[reason](creator, when),
      '',
      `Your payment of ${dollars(booking.amount)} is refunded in full to the card you paid with. Banks take 5 to 10 business days to show it.`,
      '',
      `Booking reference: ${booking.id}`,
    ].join('\n'),
    ...(invited ? { calendar: sessionInvite(timed, creator, context, summaryFor(booking, creator.displayName), 'visitor', 'CANCEL') } : {}),
  };
}

/**
 * The visitor cancelled their session: the creator is told, with the invite's cancellation (METHOD:CANCEL, the
 * booking's new SEQUENCE). Refunded, the visitor hears it from refundedBookingEmail once the money went back;
 * inside the cancellation window, they are told here that it is not refunded.
 */
export function visitorCancelledEmails(booking: Booking, creator: Creator, context: BookingMailContext, refunded: boolean): OutgoingEmail[] {
  const timed = timedOrNull(booking);
  if (!timed) return [];
  const when = describeSession(timed.slotStart, timed.slotEnd, context.timeZone);
  const emails: OutgoingEmail[] = [
    {
      dedupeKey: `booking:${booking.id}:cancelled-by-visitor`,
      to: creator.email,
      subject: `${booking.customerName} cancelled their session`,
      text: [
        `Hi ${creator.displayName},`,
        '',
        `${booking.customerName} cancelled their session on ${when}. The time is free to be booked again.`,
        '',
        refunded
          ? `They are refunded in full, so your earning of ${dollars(booking.userAmount)} is reversed.`
          : `It was cancelled inside your cancellation window, so it is not refunded and you keep your earning of ${dollars(booking.userAmount)}.`,
        '',
        `Booking reference: ${booking.id}`,
      ].join('\n'),
      calendar: sessionInvite(timed, creator, context, summaryFor(booking, booking.customerName), 'creator', 'CANCEL'),
    },
  ];
  if (!refunded) {
    emails.push({
      dedupeKey: `booking:${booking.id}:cancelled`,
      to: booking.customerEmail,
      subject: `Your session with ${creator.displayName} is cancelled`,
      text: [
        `Hi ${booking.customerName},`,
        '',
        `You cancelled your session with ${creator.displayName} on ${visitorsTime(timed, creator, context, timed.slotStart, timed.slotEnd)}.`,
        '',
        `It was cancelled less than the cancellation window before its start, so your payment of ${dollars(booking.amount)} is not refunded.`,
        '',
        `Booking reference: ${booking.id}`,
      ].join('\n'),
      calendar: sessionInvite(timed, creator, context, summaryFor(booking, creator.displayName), 'visitor', 'CANCEL'),
    });
  }
  return emails;
}

/** The visitor moved their session: both sides told the new time, with the updated invite (same UID, new SEQUENCE). */
export function movedBookingEmails(booking: Booking, creator: Creator, context: BookingMailContext, previous: { start: Date; end: Date }): OutgoingEmail[] {
  const timed = timedOrNull(booking);
  if (!timed) return [];
  const moved = [
    `From: ${describeSession(previous.start, previous.end, context.timeZone)}`,
    `To: ${describeSession(timed.slotStart, timed.slotEnd, context.timeZone)}`,
  ];
  const movedForVisitor = [
    `From: ${visitorsTime(timed, creator, context, previous.start, previous.end)}`,
    `To: ${visitorsTime(timed, creator, context, timed.slotStart, timed.slotEnd)}`,
  ];
  const version = `booking:${booking.id}:moved-${booking.inviteSequence}`;
  const bookedAs = bookedAsLines(booking);
  return [
    {
      dedupeKey: `${version}:visitor`,
      to: booking.customerEmail,
      subject: `Your session with ${creator.displayName} is moved`,
      text: [
        `Hi ${booking.customerName},`,
        '',
        `Your session with ${creator.displayName} (@${creator.username}) is moved to another time.`,
        '',
        ...movedForVisitor,
        ...bookedAs,
        '',
        'The attached invite updates the session in your calendar. A session can be moved once.',
        '',
        `Booking reference: ${booking.id}`,
      ].join('\n'),
      calendar: sessionInvite(timed, creator, context, summaryFor(booking, creator.displayName), 'visitor'),
    },
    {
      dedupeKey: `${version}:creator`,
      to: creator.email,
      subject: `${booking.customerName} moved their session`,
      text: [
        `Hi ${creator.displayName},`,
        '',
        `${booking.customerName} moved their session with you to another time.`,
        '',
        ...moved,
        ...bookedAs,
        '',
        `Booking reference: ${booking.id}`,
      ].join('\n'),
      calendar: sessionInvite(timed, creator, context, summaryFor(booking, booking.customerName), 'creator'),
    },
  ];
}
