import ICAL from 'ical.js';
import { CalendarFeedMessages } from '@linkbio/shared-contracts';
import { hashSecretToken } from '../../../shared/secret-link.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import type { FeedSession } from '../domain/feed-session.js';
import { InMemoryCalendarFeedStore } from '../testing/in-memory-calendar-feed.store.js';
import { InMemoryFeedSessions } from '../testing/in-memory-feed-sessions.js';
import { CalendarFeedUseCase } from './calendar-feed.use-case.js';

const CREATOR = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function setup(limits: { perIp?: number; perFeed?: number } = {}) {
  const clock = new FixedClock(new Date('2027-03-01T12:00:00Z'));
  const store = new InMemoryCalendarFeedStore();
  const sessions = new InMemoryFeedSessions();
  const feeds = new CalendarFeedUseCase(
    store,
    sessions,
    clock,
    new InMemoryRateLimit(clock, limits.perIp ?? 100, 600),
    new InMemoryRateLimit(clock, limits.perFeed ?? 100, 600),
  );
  return { clock, store, sessions, feeds };
}

let n = 0;
const session = (
  creatorId: string,
  startsInDays: number,
  overrides: Partial<FeedSession> = {},
): FeedSession & { creatorId: string } => {
  const start = new Date(Date.parse('2027-03-01T12:00:00Z') + startsInDays * DAY_MS);
  n += 1;
  return {
    creatorId,
    bookingId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sessionName: 'Call',
    visitorName: `Visitor ${n}`,
    visitorEmail: `v${n}@example.com`,
    visitorPhone: null,
    message: null,
    start,
    end: new Date(start.getTime() + 60 * 60 * 1000),
    status: 'paid',
    inviteSequence: 0,
    location: null,
    answers: [],
    ...overrides,
  };
};

const summariesOf = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary);

describe('the creator’s calendar feed', () => {
  it('makes the address on the first ask and gives the same one after', async () => {
    const { feeds, store } = setup();
    const token = await feeds.token(CREATOR);
    expect(token).toMatch(TOKEN);
    expect(await feeds.token(CREATOR)).toBe(token);
    expect(store.feeds.get(CREATOR)!.tokenHash).toBe(hashSecretToken(token));
    expect(await feeds.token(OTHER)).not.toBe(token);
  });

  it('replaces the address: the old token opens nothing at once, the new one opens the feed', async () => {
    const { feeds } = setup();
    const old = await feeds.token(CREATOR);
    const fresh = await feeds.replace(CREATOR);
    expect(fresh).toMatch(TOKEN);
    expect(fresh).not.toBe(old);
    expect(await feeds.token(CREATOR)).toBe(fresh);
    await expect(feeds.feed(old, '203.0.113.1')).rejects.toEqual(
      aDomainError('not_found', CalendarFeedMessages.notFound),
    );
    await expect(feeds.feed(fresh, '203.0.113.1')).resolves.toContain('BEGIN:VCALENDAR');
  });

  it('gives a new address when the kept copy can no longer be opened', async () => {
    const { feeds, store } = setup();
    const old = await feeds.token(CREATOR);
    store.unreadable.add(CREATOR);
    const fresh = await feeds.token(CREATOR);
    expect(fresh).toMatch(TOKEN);
    expect(fresh).not.toBe(old);
    await expect(feeds.feed(old, '203.0.113.1')).rejects.toEqual(
      aDomainError('not_found', CalendarFeedMessages.notFound),
    );
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'not a token'],
    ['an empty token', ''],
  ])('answers %s with the same 404', async (_, token) => {
    const { feeds } = setup();
    await feeds.token(CREATOR);
    await expect(feeds.feed(token, '203.0.113.1')).rejects.toEqual(
      aDomainError('not_found', CalendarFeedMessages.notFound),
    );
  });

  it('answers 404 once the account is deleted', async () => {
    const { feeds, store } = setup();
    const token = await feeds.token(CREATOR);
    store.deleted.add(CREATOR);
    await expect(feeds.feed(token, '203.0.113.1')).rejects.toEqual(
      aDomainError('not_found', CalendarFeedMessages.notFound),
    );
  });

  it('lists the creator’s sessions of the last 30 days and every later one, theirs only, paid only', async () => {
    const { feeds, sessions } = setup();
    sessions.sessions.push(
      session(CREATOR, -31, { sessionName: 'Too old' }),
      session(CREATOR, -29, { sessionName: 'Recent' }),
      session(CREATOR, 200, { sessionName: 'Far ahead' }),
      session(CREATOR, 2, { sessionName: 'Soon' }),
      session(CREATOR, 3, { sessionName: 'Unpaid', status: 'pending_payment' }),
      session(CREATOR, 4, { sessionName: 'Expired', status: 'expired' }),
      session(CREATOR, 5, { sessionName: 'Refunded', status: 'refunded' }),
      session(OTHER, 2, { sessionName: 'Someone else’s' }),
    );
    const ics = await feeds.feed(await feeds.token(CREATOR), '203.0.113.1');
    expect(summariesOf(ics).map((summary) => summary.split(' with ')[0])).toEqual([
      'Recent',
      'Soon',
      'Refunded',
      'Far ahead',
    ]);
  });

  it('refuses too many reads from one client address, then from anywhere for one feed, saying when to try again', async () => {
    const byAddress = setup({ perIp: 2 });
    const token = await byAddress.feeds.token(CREATOR);
    await byAddress.feeds.feed(token, '203.0.113.1');
    await byAddress.feeds.feed('B'.repeat(43), '203.0.113.1').catch(() => undefined);
    await expect(byAddress.feeds.feed(token, '203.0.113.1')).rejects.toEqual(
      aDomainError('too_many', CalendarFeedMessages.tooMany(10)),
    );
    await expect(byAddress.feeds.feed(token, '203.0.113.2')).resolves.toContain('BEGIN:VCALENDAR');

    const byFeed = setup({ perFeed: 1 });
    const own = await byFeed.feeds.token(CREATOR);
    await byFeed.feeds.feed(own, '203.0.113.1');
    await expect(byFeed.feeds.feed(own, '203.0.113.2')).rejects.toEqual(
      aDomainError('too_many', CalendarFeedMessages.tooMany(10)),
    );
    byFeed.clock.advance(10 * 60 * 1000);
    await expect(byFeed.feeds.feed(own, '203.0.113.3')).resolves.toContain('BEGIN:VCALENDAR');
  });
});
