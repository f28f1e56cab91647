import { createHash, randomUUID } from 'node:crypto';
import type { BookingStatus } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import type { CalendarFeedStore, FeedToken } from '../application/ports/calendar-feed.store.js';
import type { FeedSessions } from '../application/ports/feed-sessions.js';
import type { FeedSession } from '../domain/feed-session.js';

export interface CalendarFeedWorld {
  store: CalendarFeedStore;
  sessions: FeedSessions;
  /** A new creator's account. */
  newCreator(): Promise<Id>;
  /** Deletes the creator's account as the product does (the account stays, marked deleted). */
  deleteAccount(creatorId: Id): Promise<void>;
  /** A booking of the creator, as the booking flow stores it. */
  addBooking(creatorId: Id, session: FeedSession): Promise<void>;
}

const HOUR = 60 * 60 * 1000;
const SINCE = new Date('2027-03-01T12:00:00.000Z');

const feedToken = (): FeedToken => {
  const token = randomUUID().replace(/-/g, '').padEnd(43, 'x');
  return { token, tokenHash: createHash('sha256').update(token).digest('hex') };
};

const session = (overrides: Partial<FeedSession> = {}): FeedSession => ({
  bookingId: randomUUID(),
  sessionName: null,
  visitorName: 'Sam Visitor',
  visitorEmail: 'sam@example.com',
  visitorPhone: null,
  message: null,
  start: new Date(SINCE.getTime() + 24 * HOUR),
  end: new Date(SINCE.getTime() + 25 * HOUR),
  status: 'paid',
  inviteSequence: 0,
  location: null,
  answers: [],
  ...overrides,
});

/** What every calendar feed store and session source does: run against the in-memory fakes and PostgreSQL. */
export function describeCalendarFeedContract(name: string, setup: () => Promise<CalendarFeedWorld>): void {
  describe(`calendar feed contract: ${name}`, () => {
    let world: CalendarFeedWorld;

    beforeEach(async () => {
      world = await setup();
    });

    it('keeps the first token, refuses a second first one, and finds the creator by its hash only', async () => {
      const creator = await world.newCreator();
      const first = feedToken();
      expect(await world.store.tokenOf(creator)).toBeNull();
      expect(await world.store.add(creator, first, SINCE)).toBe(true);
      expect(await world.store.add(creator, feedToken(), SINCE)).toBe(false);
      expect(await world.store.tokenOf(creator)).toBe(first.token);
      expect(await world.store.ownerOf(first.tokenHash)).toBe(creator);
      expect(await world.store.ownerOf(createHash('sha256').update('unknown').digest('hex'))).toBeNull();
    });

    it('puts a new token in place: the one before opens nothing at once; a creator without one gets their first', async () => {
      const creator = await world.newCreator();
      const first = feedToken();
      const second = feedToken();
      await world.store.add(creator, first, SINCE);
      await world.store.put(creator, second, SINCE);
      expect(await world.store.tokenOf(creator)).toBe(second.token);
      expect(await world.store.ownerOf(first.tokenHash)).toBeNull();
      expect(await world.store.ownerOf(second.tokenHash)).toBe(creator);

      const newcomer = await world.newCreator();
      const theirs = feedToken();
      await world.store.put(newcomer, theirs, SINCE);
      expect(await world.store.ownerOf(theirs.tokenHash)).toBe(newcomer);
    });

    it('opens no feed of a deleted account', async () => {
      const creator = await world.newCreator();
      const token = feedToken();
      await world.store.add(creator, token, SINCE);
      await world.deleteAccount(creator);
      expect(await world.store.ownerOf(token.tokenHash)).toBeNull();
    });

    it("lists the creator's paid sessions ending at `since` or later, earliest first, as booked", async () => {
      const creator = await world.newCreator();
      const other = await world.newCreator();
      const at = (hours: number) => new Date(SINCE.getTime() + hours * HOUR);
      const paid = (status: BookingStatus, startHours: number, overrides: Partial<FeedSession> = {}) =>
        session({ status, start: at(startHours), end: at(startHours + 1), ...overrides });
      const later = paid('paid', 48, {
        sessionName: 'Portfolio review',
        visitorPhone: '+1 555 0100',
        message: 'Hello',
        inviteSequence: 2,
        location: { kind: 'in_person', address: '1 Main St' },
        answers: [{ question: 'Why?', answer: 'Because' }],
      });
      const endsAtSince = paid('cancelled', -1);
      const refunded = paid('refunded', 24);
      const partly = paid('partially_refunded', 30);
      const kept = [endsAtSince, refunded, partly, later];
      const left = [paid('paid', -2), paid('pending_payment', 5), paid('failed', 6), paid('expired', 7)];
      for (const booking of [later, ...left, refunded, endsAtSince, partly]) await world.addBooking(creator, booking);
      await world.addBooking(other, paid('paid', 3));

      const listed = await world.sessions.ofCreator(creator, SINCE);
      expect(listed.map((s) => s.bookingId)).toEqual(kept.map((s) => s.bookingId));
      expect(listed[3]).toEqual(later);
      expect(listed[0]).toEqual(endsAtSince);
      expect(await world.sessions.ofCreator(await world.newCreator(), SINCE)).toEqual([]);
    });
  });
}
