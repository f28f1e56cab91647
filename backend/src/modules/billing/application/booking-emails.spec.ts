import { bookingAmounts } from '@linkbio/shared-contracts';
import { type Booking, UNATTRIBUTED } from '../domain/booking.js';
import { icsOf } from '../../../shared/email/calendar-invite.js';
import { describeSession, movedBookingEmails, paidBookingEmails, refundedBookingEmail, visitorCancelledEmails } from './booking-emails.js';

const creator = {
  id: 'c-1',
  username: 'ada',
  displayName: 'Ada',
  email: 'ada@example.com',
  enableBooking: true,
  bookingPrice: 2500,
  isPremium: false,
};
const { platformFee, amount } = bookingAmounts(2500);
const booking: Booking = {
  id: 'b-1',
  creatorId: 'c-1',
  customerName: 'Sam',
  customerEmail: 'sam@example.com',
  customerPhone: null,
  message: null,
  userAmount: 2500,
  platformFee,
  amount,
  status: 'paid',
  paymentIntentId: 'pi_1',
  createdAt: new Date('2027-03-01T10:00:00Z'),
  paidAt: new Date('2027-03-01T10:01:00Z'),
  slotStart: null,
  slotEnd: null,
  holdExpiresAt: null,
  inviteSequence: 0,
  rescheduledAt: null,
  visitorTimeZone: null,
  visitorLocale: null,
  sessionTypeId: null,
  sessionName: null,
  location: null,
  answers: [],
  attribution: UNATTRIBUTED,
};
const NOW = new Date('2027-03-01T10:01:00Z');
const SENDER = 'no-reply@linkbio.test';
const told = (timeZone: string) => ({ timeZone, sender: SENDER, now: NOW });

describe('the e-mails of a paid booking', () => {
  it('tells a session’s time in the creator’s zone, across a change of clocks', () => {
    expect(describeSession(new Date('2027-03-28T00:30:00Z'), new Date('2027-03-28T01:30:00Z'), 'Europe/Berlin')).toBe(
      'Sunday, March 28, 2027, 01:30–03:30 (Europe/Berlin)',
    );
    expect(describeSession(new Date('2027-03-02T14:00:00Z'), new Date('2027-03-02T14:45:00Z'), 'UTC')).toBe(
      'Tuesday, March 2, 2027, 14:00–14:45 (UTC)',
    );
  });

  it('without a set time: arranged by e-mail, no invite', () => {
    const [receipt, notice] = paidBookingEmails(booking, creator, told('UTC'));
    expect(receipt!.text).toContain('Ada will contact you at this address to arrange the session.');
    expect(receipt!.text).not.toContain('When:');
    expect(receipt!.calendar).toBeUndefined();
    expect(notice!.calendar).toBeUndefined();
  });

  it('at a set time: both say when and carry one invite, the same UID, with the customer as attendee', () => {
    const timed = { ...booking, slotStart: new Date('2027-03-02T14:00:00Z'), slotEnd: new Date('2027-03-02T14:45:00Z') };
    const [receipt, notice] = paidBookingEmails(timed, creator, told('Europe/Berlin'));

    expect(receipt!.text).toContain('When: Tuesday, March 2, 2027, 3:00 – 3:45 PM (Europe/Berlin)');
    expect(receipt!.text).toContain('The attached invite adds the session to your calendar.');
    expect(notice!.text).toContain('When: Tuesday, March 2, 2027, 15:00–15:45 (Europe/Berlin)');
    expect(receipt!.calendar).toMatchObject({
      method: 'REQUEST',
      uid: 'booking-b-1@linkbio',
      sequence: 0,
      start: timed.slotStart,
      end: timed.slotEnd,
      summary: 'Session with Ada',
      organizer: { name: 'Ada', email: SENDER },
      attendee: { name: 'Sam', email: 'sam@example.com' },
    });
    expect(notice!.calendar).toMatchObject({ uid: 'booking-b-1@linkbio', summary: 'Session with Sam', organizer: { name: 'Ada', email: 'ada@example.com' } });
  });

  it('gives the visitor, only, the link to manage a session at a set time', () => {
    const timed = { ...booking, slotStart: new Date('2027-03-02T14:00:00Z'), slotEnd: new Date('2027-03-02T14:45:00Z') };
    const [receipt, notice] = paidBookingEmails(timed, creator, told('UTC'), 'https://linkbio.example/booking/abc');
    expect(receipt!.text).toContain('Need to cancel or move it? https://linkbio.example/booking/abc');
    expect(notice!.text).not.toContain('/booking/');
  });

  it('moves and cancellations carry the same UID at the booking’s SEQUENCE', () => {
    const moved = { ...booking, slotStart: new Date('2027-03-03T14:00:00Z'), slotEnd: new Date('2027-03-03T14:45:00Z'), inviteSequence: 1 };
    const previous = { start: new Date('2027-03-02T14:00:00Z'), end: new Date('2027-03-02T14:45:00Z') };
    const [toVisitor, toCreator] = movedBookingEmails(moved, creator, told('UTC'), previous);
    expect(toVisitor!.text).toContain('From: Tuesday, March 2, 2027, 2:00 – 2:45 PM (UTC)');
    expect(toVisitor!.text).toContain('To: Wednesday, March 3, 2027, 2:00 – 2:45 PM (UTC)');
    expect(toCreator!.text).toContain('To: Wednesday, March 3, 2027, 14:00–14:45 (UTC)');
    expect(toVisitor!.calendar).toMatchObject({ method: 'REQUEST', uid: 'booking-b-1@linkbio', sequence: 1, start: moved.slotStart });
    expect(toCreator!.calendar).toMatchObject({ method: 'REQUEST', uid: 'booking-b-1@linkbio', sequence: 1 });

    const cancelled = { ...moved, status: 'cancelled' as const, inviteSequence: 2 };
    const [creatorTold, visitorTold] = visitorCancelledEmails(cancelled, creator, told('UTC'), false);
    expect(creatorTold!.to).toBe('ada@example.com');
    expect(creatorTold!.text).toContain('Sam cancelled their session on Wednesday, March 3, 2027, 14:00–14:45 (UTC).');
    expect(creatorTold!.calendar).toMatchObject({ method: 'CANCEL', uid: 'booking-b-1@linkbio', sequence: 2 });
    expect(visitorTold!.text).toContain('is not refunded');
    expect(visitorCancelledEmails(cancelled, creator, told('UTC'), true)).toHaveLength(1);
  });

  it('names the session type and where to meet in every e-mail and invite; only the creator’s lists the answers', () => {
    const typed: Booking = {
      ...booking,
      slotStart: new Date('2027-03-02T14:00:00Z'),
      slotEnd: new Date('2027-03-02T14:30:00Z'),
      sessionTypeId: 't-1',
      sessionName: 'Portfolio review',
      location: { kind: 'video', url: 'https://meet.jit.si/Linkbio-abc' },
      answers: [{ question: 'What should we look at?', answer: 'My logo\nand my site' }],
    };
    const [receipt, notice] = paidBookingEmails(typed, creator, told('UTC'));
    for (const email of [receipt!, notice!]) {
      expect(email.text).toContain('Session: Portfolio review');
      expect(email.text).toContain('Where: Video call: https://meet.jit.si/Linkbio-abc');
      expect(email.calendar).toMatchObject({ location: 'https://meet.jit.si/Linkbio-abc' });
    }
    expect(receipt!.calendar!.summary).toBe('Portfolio review with Ada');
    expect(notice!.text).toContain('Their answers:\n\nWhat should we look at?\nMy logo\nand my site');
    expect(receipt!.text).not.toContain('My logo');
    expect(icsOf(receipt!.calendar!)).toContain('LOCATION:https://meet.jit.si/Linkbio-abc');

    const moved = { ...typed, location: { kind: 'in_person' as const, address: '1 Main St, Springfield' }, inviteSequence: 1 };
    const previous = { start: new Date('2027-03-01T14:00:00Z'), end: new Date('2027-03-01T14:30:00Z') };
    for (const email of movedBookingEmails(moved, creator, told('UTC'), previous)) {
      expect(email.text).toContain('Where: In person: 1 Main St, Springfield');
      expect(email.calendar).toMatchObject({ location: '1 Main St, Springfield' });
    }
    for (const email of visitorCancelledEmails({ ...moved, inviteSequence: 2 }, creator, told('UTC'), false)) {
      expect(email.calendar).toMatchObject({ method: 'CANCEL', location: '1 Main St, Springfield' });
    }
  });

  it('a booking made before session types names neither a type nor a place', () => {
    const timed = { ...booking, slotStart: new Date('2027-03-02T14:00:00Z'), slotEnd: new Date('2027-03-02T14:45:00Z') };
    const [receipt, notice] = paidBookingEmails(timed, creator, told('UTC'));
    for (const email of [receipt!, notice!]) {
      expect(email.text).not.toMatch(/Session:|Where:|Their answers/);
      expect(email.calendar!.location).toBeNull();
      expect(icsOf(email.calendar!)).not.toContain('LOCATION');
    }
  });

  describe('told in the visitor’s zone and locale as well as the creator’s', () => {
    const timed: Booking = {
      ...booking,
      slotStart: new Date('2027-03-02T14:00:00Z'),
      slotEnd: new Date('2027-03-02T14:45:00Z'),
      visitorTimeZone: 'America/New_York',
      visitorLocale: 'en-US',
    };

    it('every visitor e-mail that states the time gives both zones; the creator’s stay in theirs', () => {
      const both = '9:00 – 9:45 AM your time (America/New_York) — 3:00 – 3:45 PM for Ada (Europe/Berlin)';
      const [receipt, notice] = paidBookingEmails(timed, creator, told('Europe/Berlin'), 'https://linkbio.example/booking/abc');
      expect(receipt!.text).toContain(`When: Tuesday, March 2, 2027, ${both}`);
      expect(notice!.text).toContain('When: Tuesday, March 2, 2027, 15:00–15:45 (Europe/Berlin)');
      expect(notice!.text).not.toContain('your time');

      const previous = { start: new Date('2027-03-01T14:00:00Z'), end: new Date('2027-03-01T14:45:00Z') };
      const [movedToVisitor] = movedBookingEmails({ ...timed, inviteSequence: 1 }, creator, told('Europe/Berlin'), previous);
      expect(movedToVisitor!.text).toContain(`From: Monday, March 1, 2027, ${both}`);
      expect(movedToVisitor!.text).toContain(`To: Tuesday, March 2, 2027, ${both}`);

      const [, cancelledToVisitor] = visitorCancelledEmails({ ...timed, status: 'cancelled' }, creator, told('Europe/Berlin'), false);
      expect(cancelledToVisitor!.text).toContain(`You cancelled your session with Ada on Tuesday, March 2, 2027, ${both}.`);

      const refunded = refundedBookingEmail({ ...timed, status: 'refunded' }, creator, 'cancelled_by_creator', told('Europe/Berlin'));
      expect(refunded.text).toContain(`Ada cancelled your session on Tuesday, March 2, 2027, ${both}.`);
    });

    it('in a 24-hour locale, the visitor’s times use the 24-hour clock', () => {
      const [receipt] = paidBookingEmails({ ...timed, visitorLocale: 'de-DE' }, creator, told('Europe/Berlin'));
      expect(receipt!.text).toContain('When: Tuesday, 2 March 2027, 09:00–09:45 your time (America/New_York) — 15:00–15:45 for Ada (Europe/Berlin)');
    });

    it('no creator sign-in address in the invite a visitor gets, in any of its versions', () => {
      const previous = { start: new Date('2027-03-01T14:00:00Z'), end: new Date('2027-03-01T14:45:00Z') };
      const toVisitor = [
        paidBookingEmails(timed, creator, told('UTC'))[0]!,
        movedBookingEmails(timed, creator, told('UTC'), previous)[0]!,
        visitorCancelledEmails({ ...timed, status: 'cancelled' }, creator, told('UTC'), false)[1]!,
        refundedBookingEmail({ ...timed, status: 'refunded' }, creator, 'cancelled_by_visitor', told('UTC')),
      ];
      for (const email of toVisitor) {
        expect(email.to).toBe('sam@example.com');
        const ics = icsOf(email.calendar!);
        expect(ics).toMatch(/ORGANIZER;CN="?Ada"?:mailto:no-reply@linkbio\.test/);
        expect(ics).toContain('ATTENDEE');
        expect(ics).not.toContain('ada@example.com');
        expect(email.text).not.toContain('ada@example.com');
      }
    });
  });
});
