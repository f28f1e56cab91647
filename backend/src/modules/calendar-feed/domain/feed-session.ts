import {
  describeLocation,
  locationOfInvite,
  type BookedLocation,
  type BookingStatus,
  type IntakeAnswer,
} from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';

/** One paid session booked at a set time, as the creator's calendar feed lists it. */
export interface FeedSession {
  bookingId: Id;
  /** The session type's name as it was booked; null for sessions booked before there were types. */
  sessionName: string | null;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string | null;
  /** What the visitor wrote when booking (the single-price booking form's message). */
  message: string | null;
  start: Date;
  end: Date;
  status: BookingStatus;
  /** The SEQUENCE of the latest invite e-mailed about it: a calendar holding both keeps the newest. */
  inviteSequence: number;
  /** Where it takes place, as both e-mails said; null when the creator tells each visitor. */
  location: BookedLocation | null;
  answers: IntakeAnswer[];
}

/** What a calendar shows of one session. */
export interface FeedEvent {
  /** The e-mailed invites' UID, so that a calendar holding one of them knows it for the same session. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  cancelled: boolean;
}

/** A paid session that will not take place: cancelled by either side, refunded (or its refund under way). */
const CANCELLED: ReadonlySet<BookingStatus> = new Set<BookingStatus>([
  'cancelled',
  'refund_due',
  'refunded',
  'refund_failed',
]);

/** What a session is called when it was booked before there were session types. */
const UNNAMED_SESSION = 'Session';

/** The invite's UID of a booking: the same in every e-mail about it and in the feed. */
export const bookingUid = (bookingId: Id) => `booking-${bookingId}@linkbio`;

/**
 * The session as its creator's calendar shows it: "{session name} with {visitor name}"; where to meet, the
 * visitor's contact details and answers in the description; the address to join or go to as its LOCATION.
 */
export function feedEvent(session: FeedSession): FeedEvent {
  const cancelled = CANCELLED.has(session.status);
  const description = [
    ...(cancelled ? ['Cancelled.', ''] : []),
    ...(session.location ? [describeLocation(session.location), ''] : []),
    `Name: ${session.visitorName}`,
    `Email: ${session.visitorEmail}`,
    ...(session.visitorPhone ? [`Phone: ${session.visitorPhone}`] : []),
    ...(session.message ? [`Message: ${session.message}`] : []),
    ...(session.answers.length > 0
      ? ['', ...session.answers.map((answer) => `${answer.question}: ${answer.answer || '-'}`)]
      : []),
    '',
    `Booking reference: ${session.bookingId}`,
  ];
  return {
    uid: bookingUid(session.bookingId),
    sequence: session.inviteSequence,
    start: session.start,
    end: session.end,
    summary: `${session.sessionName || UNNAMED_SESSION} with ${session.visitorName}`,
    description: description.join('\n'),
    location: session.location ? locationOfInvite(session.location) : null,
    cancelled,
  };
}
