import ICAL from 'ical.js';
import type { FeedSession } from '../domain/feed-session.js';
import { calendarFeedIcs, FEED_REFRESH_SECONDS } from './feed-ics.js';

const STAMP = new Date('2027-02-01T09:00:00Z');

const session = (overrides: Partial<FeedSession> = {}): FeedSession => ({
  bookingId: '0b9d6a52-3f1c-4c1e-9a57-1f0e2a3b4c5d',
  sessionName: 'Portfolio review',
  visitorName: 'Ada Lovelace',
  visitorEmail: 'ada@example.com',
  visitorPhone: '+44 20 7946 0958',
  message: null,
  start: new Date('2027-02-03T14:00:00Z'),
  end: new Date('2027-02-03T14:45:00Z'),
  status: 'paid',
  inviteSequence: 0,
  location: { kind: 'video', url: 'https://meet.example/ada' },
  answers: [],
  ...overrides,
});

/** The feed read back by Mozilla's RFC 5545 parser. */
function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));
  return { calendar, events };
}

/** The one event of a feed of one session. */
function onlyEvent(ics: string) {
  const { events } = parsed(ics);
  expect(events).toHaveLength(1);
  return events[0]!;
}

describe('the calendar feed as iCalendar (RFC 5545)', () => {
  it('is a calendar to subscribe to: PUBLISH, named "Linkbio sessions", with how often to read it again', () => {
    const { calendar, events } = parsed(calendarFeedIcs([], STAMP));

    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Linkbio sessions');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Linkbio//Calendar feed//EN');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe(`PT${FEED_REFRESH_SECONDS / 60}M`);
    expect(events).toEqual([]);
  });

  it('lists each session with the invites’ UID and SEQUENCE, its time in UTC, name, where and who', () => {
    const ics = calendarFeedIcs(
      [
        session({
          inviteSequence: 2,
          message: 'Looking forward',
          answers: [
            { question: 'What should we look at?', answer: 'My case studies;\nthe new one too' },
            { question: 'Anything else?', answer: '' },
          ],
        }),
      ],
      STAMP,
    );
    const { vevent, event } = onlyEvent(ics);

    expect(event.uid).toBe('booking-0b9d6a52-3f1c-4c1e-9a57-1f0e2a3b4c5d@linkbio');
    expect(event.sequence).toBe(2);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-02-03T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-02-03T14:45:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.summary).toBe('Portfolio review with Ada Lovelace');
    expect(event.location).toBe('https://meet.example/ada');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.description).toBe(
      [
        'Video call: https://meet.example/ada',
        '',
        'Name: Ada Lovelace',
        'Email: ada@example.com',
        'Phone: +44 20 7946 0958',
        'Message: Looking forward',
        '',
        'What should we look at?: My case studies;\nthe new one too',
        'Anything else?: -',
        '',
        'Booking reference: 0b9d6a52-3f1c-4c1e-9a57-1f0e2a3b4c5d',
      ].join('\n'),
    );
  });

  it.each(['cancelled', 'refund_due', 'refunded', 'refund_failed'] as const)(
    'marks a %s session STATUS:CANCELLED',
    (status) => {
      const { vevent, event } = onlyEvent(calendarFeedIcs([session({ status, inviteSequence: 1 })], STAMP));
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(event.sequence).toBe(1);
      expect(event.description.startsWith('Cancelled.\n')).toBe(true);
    },
  );

  it('keeps a partly refunded session on: it still takes place', () => {
    const { vevent } = onlyEvent(calendarFeedIcs([session({ status: 'partially_refunded' })], STAMP));
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it.each([
    [{ kind: 'phone', phone: '+1 555 0100' } as const, 'Phone: +1 555 0100', 'Phone call: +1 555 0100'],
    [
      { kind: 'in_person', address: '1 Main St, Springfield' } as const,
      '1 Main St, Springfield',
      'In person: 1 Main St, Springfield',
    ],
  ])('says where a session meets: %j', (location, inviteLocation, described) => {
    const { event } = onlyEvent(calendarFeedIcs([session({ location })], STAMP));
    expect(event.location).toBe(inviteLocation);
    expect(event.description.split('\n')[0]).toBe(described);
  });

  it('names a session booked before there were types "Session", and leaves out what it does not have', () => {
    const { event } = onlyEvent(
      calendarFeedIcs([session({ sessionName: null, location: null, visitorPhone: null })], STAMP),
    );
    expect(event.summary).toBe('Session with Ada Lovelace');
    expect(event.location).toBeNull();
    expect(event.description).toBe(
      'Name: Ada Lovelace\nEmail: ada@example.com\n\nBooking reference: 0b9d6a52-3f1c-4c1e-9a57-1f0e2a3b4c5d',
    );
  });

  it('keeps what visitors typed as text: commas, semicolons, line breaks and a forged property stay in their field', () => {
    const visitorName = 'Eve, "the spy"; x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Forged';
    const { events } = parsed(calendarFeedIcs([session({ visitorName })], STAMP));
    expect(events).toHaveLength(1);
    // RFC 5545 text has one line break, read back as \n.
    expect(events[0]!.event.summary).toBe(`Portfolio review with ${visitorName.replace(/\r\n/g, '\n')}`);
  });

  it('folds long lines at 75 octets and ends them with CRLF', () => {
    const ics = calendarFeedIcs([session({ message: 'é'.repeat(300) })], STAMP);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
