import { CalendarMessages } from '@linkbio/shared-contracts';
import { SecretSealer } from '../../../shared/crypto/secret-sealer.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { InMemoryCalendarConnections } from '../testing/in-memory-calendar-connections.js';
import { InMemoryCalendarServer } from '../testing/in-memory-calendar-server.js';
import { CalendarConnectionUseCase } from './calendar-connection.use-case.js';
import { CalendarSweepUseCase, sessionEventOf } from './calendar-sweep.use-case.js';

const URL = 'https://dav.example.com/cal/';
const SECRET = 'a-product-secret-long-enough-0123456789';
const at = (iso: string) => new Date(iso);

async function setUp(writeSessions = false) {
  const connections = new InMemoryCalendarConnections();
  const server = new InMemoryCalendarServer();
  const clock = new FixedClock('2026-03-02T12:00:00Z');
  const sealer = new SecretSealer(SECRET, 'calendar password');
  server.add(URL, 'app-password-1', [{ start: at('2026-03-03T10:00:00Z'), end: at('2026-03-03T11:00:00Z') }]);
  await new CalendarConnectionUseCase(connections, server, sealer, clock, new InMemoryRateLimit(clock, 30, 3600)).connect('c1', { url: URL, username: 'sam', password: 'app-password-1', writeSessions });
  const sweep = (secrets: string | string[] = SECRET) => new CalendarSweepUseCase(connections, server, new SecretSealer(secrets, 'calendar password'), clock).execute();
  return { connections, server, clock, sweep };
}

const session = (bookingId: string, start: string, goingAhead = true) => ({
  creatorId: 'c1',
  bookingId,
  start: at(start),
  end: new Date(at(start).getTime() + 3_600_000),
  sessionName: 'Coaching',
  visitorName: 'Sam Visitor',
  visitorEmail: 'sam@example.com',
  location: { kind: 'video' as const, url: 'https://meet.example.com/abc' },
  goingAhead,
});

describe('CalendarSweepUseCase', () => {
  it('reads a calendar again only once five minutes have passed, replacing its busy times', async () => {
    const { connections, server, clock, sweep } = await setUp();
    server.calendars.get(URL)!.busy = [{ start: at('2026-03-04T10:00:00Z'), end: at('2026-03-04T11:00:00Z') }];
    expect(await sweep()).toMatchObject({ read: 0 });
    clock.advance(5 * 60_000 + 1);
    expect(await sweep()).toMatchObject({ read: 1, failed: 0 });
    expect(connections.busy.get('c1')).toEqual([{ start: at('2026-03-04T10:00:00Z'), end: at('2026-03-04T11:00:00Z') }]);
    expect((await connections.find('c1'))!.lastReadAt).toEqual(clock.now());
  });

  it('keeps the busy times last read when the server is down, noting why; clears the error once it answers', async () => {
    const { connections, server, clock, sweep } = await setUp();
    const before = connections.busy.get('c1');
    server.failing = 'unreachable';
    clock.advance(6 * 60_000);
    expect(await sweep()).toMatchObject({ read: 0, failed: 1 });
    expect(connections.busy.get('c1')).toEqual(before);
    expect((await connections.find('c1'))!.lastError).toBe(CalendarMessages.unreachable);
    server.failing = null;
    clock.advance(6 * 60_000);
    await sweep();
    expect((await connections.find('c1'))!.lastError).toBeNull();
  });

  it('writes paid upcoming sessions once, again when moved, and removes them once cancelled', async () => {
    const { connections, server, clock, sweep } = await setUp(true);
    connections.sessions.push(session('b1', '2026-03-05T09:00:00Z'), session('b2', '2026-03-01T09:00:00Z'));
    expect(await sweep()).toMatchObject({ written: 1 });
    const events = server.calendars.get(URL)!.events;
    expect([...events.values()]).toEqual([
      {
        uid: 'booking-b1@linkbio',
        start: at('2026-03-05T09:00:00Z'),
        end: at('2026-03-05T10:00:00Z'),
        summary: 'Coaching with Sam Visitor',
        description: 'Coaching booked by Sam Visitor (sam@example.com).\nVideo call: https://meet.example.com/abc',
        location: 'https://meet.example.com/abc',
      },
    ]);
    expect(await sweep()).toMatchObject({ written: 0 });

    connections.sessions[0] = session('b1', '2026-03-06T09:00:00Z');
    clock.advance(60_000);
    expect(await sweep()).toMatchObject({ written: 1 });
    expect([...events.values()].map((event) => event.start)).toEqual([at('2026-03-06T09:00:00Z')]);

    connections.sessions[0] = session('b1', '2026-03-06T09:00:00Z', false);
    expect(await sweep()).toMatchObject({ removed: 1 });
    expect(events.size).toBe(0);
    expect(connections.written.size).toBe(0);
  });

  it('writes the sessions into another calendar connected instead, leaving those in the one before', async () => {
    const { connections, server, clock, sweep } = await setUp(true);
    connections.sessions.push(session('b1', '2026-03-05T09:00:00Z'));
    await sweep();
    server.add('https://dav.example.com/other/', 'app-password-2');
    await new CalendarConnectionUseCase(connections, server, new SecretSealer(SECRET, 'calendar password'), clock, new InMemoryRateLimit(clock, 30, 3600)).connect('c1', {
      url: 'https://dav.example.com/other/',
      username: 'sam',
      password: 'app-password-2',
      writeSessions: true,
    });
    expect(await sweep()).toMatchObject({ written: 1 });
    expect(server.calendars.get(URL)!.events.size).toBe(1);
    expect([...server.calendars.get('https://dav.example.com/other/')!.events.keys()]).toEqual([connections.written.get('b1')!.href]);
  });

  it('writes nothing into a calendar not taking sessions, and keeps work a refusing server left for the next sweep', async () => {
    const { connections, server, sweep } = await setUp(false);
    connections.sessions.push(session('b1', '2026-03-05T09:00:00Z'));
    expect(await sweep()).toMatchObject({ written: 0 });
    connections.connections.get('c1')!.writeSessions = true;
    server.failing = 'refused';
    expect(await sweep()).toMatchObject({ written: 0 });
    expect((await connections.find('c1'))!.lastError).toBe(CalendarMessages.refused);
    server.failing = null;
    expect(await sweep()).toMatchObject({ written: 1 });
  });

  it('seals the password again with the newest secret while SESSION_SECRET rotates; says so when none opens it', async () => {
    const { connections, clock, sweep } = await setUp();
    clock.advance(6 * 60_000);
    await sweep(['the-newest-product-secret-0123456789', SECRET]);
    const resealed = connections.connections.get('c1')!.passwordSealed;
    expect(new SecretSealer('the-newest-product-secret-0123456789', 'calendar password').open(resealed)).toBe('app-password-1');
    clock.advance(6 * 60_000);
    expect(await sweep('yet-another-product-secret-0123456789')).toMatchObject({ failed: 1 });
    expect((await connections.find('c1'))!.lastError).toBe(CalendarMessages.passwordUnreadable);
  });

  it('describes a session without a place to meet', () => {
    const { bookingId, start, end, sessionName, visitorName, visitorEmail } = session('b9', '2026-03-05T09:00:00Z');
    expect(sessionEventOf({ bookingId, start, end, sessionName, visitorName, visitorEmail, location: null, href: null })).toMatchObject({ location: null, description: 'Coaching booked by Sam Visitor (sam@example.com).' });
  });
});
