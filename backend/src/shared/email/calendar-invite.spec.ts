import ICAL from 'ical.js';
import { icsOf, type CalendarInvite } from './calendar-invite.js';

const INVITE: CalendarInvite = {
  method: 'REQUEST',
  uid: 'booking-3f1c@linkbio.example',
  sequence: 0,
  start: new Date('2026-03-29T00:30:00Z'),
  end: new Date('2026-03-29T01:15:00Z'),
  stamp: new Date('2026-03-20T10:00:00Z'),
  summary: 'Session with Creator; Ada, 45 min',
  description: 'Booked on Linkbio.\nManage it: https://linkbio.example/booking/tok',
  url: 'https://linkbio.example/booking/tok',
  organizer: { name: 'Creator A', email: 'creator@example.com' },
  attendee: { name: 'Ada "the first" Lovelace', email: 'ada@example.com' },
};

/** The invite read back by Mozilla's RFC 5545 parser. */
const parsed = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, event, wrapped: new ICAL.Event(event) };
};

describe('calendar invites (RFC 5545)', () => {
  it('is an appointment calendars accept: METHOD:REQUEST, a stable UID, UTC times, organizer and attendee', () => {
    const { calendar, event, wrapped } = parsed(icsOf(INVITE));

    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Linkbio//Bookings//EN');
    expect(wrapped.uid).toBe(INVITE.uid);
    expect(wrapped.sequence).toBe(0);
    expect(wrapped.startDate.toJSDate().toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(wrapped.endDate.toJSDate().toISOString()).toBe('2026-03-29T01:15:00.000Z');
    expect(wrapped.startDate.zone.tzid).toBe('UTC');
    expect(wrapped.summary).toBe(INVITE.summary);
    expect(wrapped.description).toBe(INVITE.description);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.getFirstPropertyValue('organizer')).toBe('mailto:creator@example.com');
    const attendee = event.getFirstProperty('attendee')!;
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe('mailto:ada@example.com');
    expect(attendee.getParameter('cn')).toBe('Ada "the first" Lovelace'.replace(/"/g, "'"));
  });

  it('cancels the same appointment: METHOD:CANCEL, the same UID, a higher SEQUENCE, STATUS:CANCELLED', () => {
    const { calendar, event, wrapped } = parsed(icsOf({ ...INVITE, method: 'CANCEL', sequence: 2 }));

    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(wrapped.uid).toBe(INVITE.uid);
    expect(wrapped.sequence).toBe(2);
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('folds long lines at 75 octets and ends them with CRLF', () => {
    const ics = icsOf({ ...INVITE, description: 'x'.repeat(300) });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
