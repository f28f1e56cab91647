import icalGenerator, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** Someone on an invite: the creator (organizer) or the visitor who booked (attendee). */
export interface InviteParty {
  name: string;
  email: string;
}

/**
 * One appointment as an RFC 5545 invite. The same `uid` for every version of it; `sequence` grows with each
 * change (0 when booked, then each reschedule or cancellation), so calendars replace the event they hold.
 */
export interface CalendarInvite {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  /** A page about the appointment (the visitor's manage link, the creator's dashboard). */
  url: string | null;
  /** Where it takes place (LOCATION): the address to join or go to (locationOfInvite); null or absent: not set. */
  location?: string | null;
  organizer: InviteParty;
  attendee: InviteParty;
}

/** A name as a quoted CN parameter may hold it: no double quotes (RFC 5545 has no escape for them), one line. */
const commonName = (name: string) => name.replace(/"/g, "'").replace(/[\r\n]+/g, ' ');

/** The invite as an .ics file (text/calendar; times in UTC, which every calendar shows in its own zone). */
export function icsOf(invite: CalendarInvite): string {
  const calendar = icalGenerator({
    prodId: { company: 'Linkbio', product: 'Bookings', language: 'EN' },
    method: invite.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invite.uid,
    sequence: invite.sequence,
    stamp: invite.stamp,
    start: invite.start,
    end: invite.end,
    summary: invite.summary,
    description: invite.description,
    url: invite.url,
    location: invite.location ?? null,
    status: invite.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: commonName(invite.organizer.name), email: invite.organizer.email },
    attendees: [
      {
        name: commonName(invite.attendee.name),
        email: invite.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: invite.method === 'CANCEL' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
