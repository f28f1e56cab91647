import { CalendarMessages } from '@linkbio/shared-contracts';
import { SecretSealer } from '../../../shared/crypto/secret-sealer.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { InMemoryCalendarConnections } from '../testing/in-memory-calendar-connections.js';
import { InMemoryCalendarServer } from '../testing/in-memory-calendar-server.js';
import { CalendarConnectionUseCase } from './calendar-connection.use-case.js';

const URL = 'https://dav.example.com/cal/';
const busy = { start: new Date('2026-03-03T10:00:00Z'), end: new Date('2026-03-03T11:00:00Z') };

function setUp() {
  const connections = new InMemoryCalendarConnections();
  const server = new InMemoryCalendarServer();
  const sealer = new SecretSealer('a-product-secret-long-enough-0123456789', 'calendar password');
  const clock = new FixedClock('2026-03-02T12:00:00Z');
  server.add(URL, 'app-password-1', [busy, { start: new Date('2026-06-01T10:00:00Z'), end: new Date('2026-06-01T11:00:00Z') }]);
  return { connections, server, sealer, clock, useCase: new CalendarConnectionUseCase(connections, server, sealer, clock, new InMemoryRateLimit(clock, 30, 3600)) };
}

describe('CalendarConnectionUseCase', () => {
  it('connects after reading the calendar once: its busy times in the next 60 days kept, the password sealed', async () => {
    const { connections, server, sealer, useCase } = setUp();
    connections.timeZones.set('c1', 'Europe/Berlin');
    const view = await useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1', writeSessions: true });
    expect(view).toEqual({ url: URL, username: 'sam', writeSessions: true, lastReadAt: '2026-03-02T12:00:00.000Z', lastError: null });
    expect(connections.busy.get('c1')).toEqual([busy]);
    expect(server.zonesAsked).toEqual(['Europe/Berlin']);
    const stored = connections.connections.get('c1')!;
    expect(stored.passwordSealed).not.toContain('app-password-1');
    expect(sealer.open(stored.passwordSealed)).toBe('app-password-1');
    expect(await useCase.view('c1')).toEqual(view);
    expect(JSON.stringify(await useCase.view('c1'))).not.toContain('password');
  });

  it.each([
    ['a wrong password', { url: URL, password: 'wrong' }, CalendarMessages.refused],
    ['an address that is no calendar', { url: 'https://dav.example.com/other/', password: 'app-password-1' }, CalendarMessages.notCalendar],
  ])('refuses %s with a 400 and stores nothing', async (_, request, message) => {
    const { connections, useCase } = setUp();
    await expect(useCase.connect('c1', { username: 'sam', ...request })).rejects.toEqual(aDomainError('invalid', message));
    expect(connections.connections.size).toBe(0);
    expect(await useCase.view('c1')).toBeNull();
  });

  it('refuses a calendar server that cannot be reached, keeping the connection there was', async () => {
    const { server, connections, useCase } = setUp();
    await useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1' });
    server.failing = 'unreachable';
    await expect(useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1', writeSessions: true })).rejects.toEqual(
      aDomainError('invalid', CalendarMessages.unreachable),
    );
    expect(connections.connections.get('c1')!.writeSessions).toBe(false);
  });

  it('keeps the password for the same address and user name when none is typed; asks for it otherwise', async () => {
    const { connections, useCase } = setUp();
    await useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1' });
    expect(await useCase.connect('c1', { url: URL, username: 'sam', writeSessions: true })).toMatchObject({ writeSessions: true, lastError: null });
    await expect(useCase.connect('c1', { url: URL, username: 'someone-else' })).rejects.toEqual(aDomainError('invalid', CalendarMessages.password));
    await expect(useCase.connect('c2', { url: URL, username: 'sam' })).rejects.toEqual(aDomainError('invalid', CalendarMessages.password));
    expect(connections.connections.get('c1')!.username).toBe('sam');
  });

  it('refuses more than 30 attempts an hour with a 429, before reading anything', async () => {
    const { server, clock, useCase } = setUp();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await useCase.connect('c1', { url: URL, username: 'sam', password: 'wrong' }).catch(() => undefined);
    }
    server.failing = 'unreachable';
    await expect(useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1' })).rejects.toEqual(
      aDomainError('too_many', CalendarMessages.tooManyConnects(60)),
    );
    clock.advance(3600_000);
    server.failing = null;
    await expect(useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1' })).resolves.toMatchObject({ lastError: null });
  });

  it('disconnects, forgetting the busy times; a second time is a 404', async () => {
    const { connections, useCase } = setUp();
    await useCase.connect('c1', { url: URL, username: 'sam', password: 'app-password-1' });
    expect(await useCase.disconnect('c1')).toEqual({ message: CalendarMessages.disconnected });
    expect(connections.busy.has('c1')).toBe(false);
    await expect(useCase.disconnect('c1')).rejects.toEqual(aDomainError('not_found', CalendarMessages.notConnected));
  });
});
