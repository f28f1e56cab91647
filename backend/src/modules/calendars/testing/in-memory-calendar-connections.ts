import type { Id } from '../../../shared/ids.js';
import type { BusyTime } from '../application/ports/calendar-busy-times.js';
import {
  CalendarConnections,
  type CalendarConnection,
  type ClaimedConnection,
  type EventToRemove,
  type SessionToWrite,
} from '../application/ports/calendar-connections.js';

interface Stored extends CalendarConnection {
  lastTriedAt: Date | null;
}

/** A session as the fake's bookings hold it: going ahead or not (cancelled, refunded). */
export interface FakeSession extends Omit<SessionToWrite, 'href'> {
  creatorId: Id;
  goingAhead: boolean;
}

/** CalendarConnections held in memory, for unit tests; `sessions` plays the bookings the sweep reads. */
export class InMemoryCalendarConnections extends CalendarConnections {
  readonly connections = new Map<Id, Stored>();
  readonly busy = new Map<Id, BusyTime[]>();
  readonly written = new Map<Id, { creatorId: Id; href: string; etag: string | null; start: Date }>();
  readonly sessions: FakeSession[] = [];
  readonly timeZones = new Map<Id, string>();

  async find(creatorId: Id): Promise<CalendarConnection | null> {
    const stored = this.connections.get(creatorId);
    if (!stored) return null;
    const { creatorId: id, url, username, passwordSealed, writeSessions, lastReadAt, lastError } = stored;
    return { creatorId: id, url, username, passwordSealed, writeSessions, lastReadAt, lastError };
  }

  async timeZoneOf(creatorId: Id): Promise<string> {
    return this.timeZones.get(creatorId) ?? 'UTC';
  }

  async connect(connection: Omit<CalendarConnection, 'lastReadAt' | 'lastError'>, busy: BusyTime[], at: Date): Promise<void> {
    const before = this.connections.get(connection.creatorId);
    if (before && (before.url !== connection.url || before.username !== connection.username)) {
      for (const [bookingId, event] of this.written) if (event.creatorId === connection.creatorId) this.written.delete(bookingId);
    }
    this.connections.set(connection.creatorId, { ...connection, lastReadAt: at, lastError: null, lastTriedAt: at });
    this.busy.set(connection.creatorId, [...busy]);
  }

  async disconnect(creatorId: Id): Promise<boolean> {
    const had = this.connections.delete(creatorId);
    this.busy.delete(creatorId);
    for (const [bookingId, event] of this.written) if (event.creatorId === creatorId) this.written.delete(bookingId);
    return had;
  }

  async claimDue(triedBefore: Date, at: Date, limit: number): Promise<ClaimedConnection[]> {
    const due = [...this.connections.values()].filter((stored) => !stored.lastTriedAt || stored.lastTriedAt < triedBefore).slice(0, limit);
    for (const stored of due) stored.lastTriedAt = at;
    return Promise.all(due.map(async (stored) => ({ ...(await this.find(stored.creatorId))!, timeZone: await this.timeZoneOf(stored.creatorId) })));
  }

  async recordRead(creatorId: Id, busy: BusyTime[], at: Date): Promise<void> {
    const stored = this.connections.get(creatorId);
    if (!stored) return;
    Object.assign(stored, { lastReadAt: at, lastError: null });
    this.busy.set(creatorId, [...busy]);
  }

  async recordFailure(creatorId: Id, message: string): Promise<void> {
    const stored = this.connections.get(creatorId);
    if (stored) stored.lastError = message;
  }

  async reseal(creatorId: Id, passwordSealed: string): Promise<void> {
    const stored = this.connections.get(creatorId);
    if (stored) stored.passwordSealed = passwordSealed;
  }

  async withPendingWrites(now: Date, limit: number): Promise<CalendarConnection[]> {
    const pending: CalendarConnection[] = [];
    for (const stored of this.connections.values()) {
      const toWrite = stored.writeSessions && (await this.sessionsToWrite(stored.creatorId, now, 1)).length > 0;
      if (toWrite || (await this.eventsToRemove(stored.creatorId, 1)).length > 0) pending.push((await this.find(stored.creatorId))!);
    }
    return pending.slice(0, limit);
  }

  async sessionsToWrite(creatorId: Id, now: Date, limit: number): Promise<SessionToWrite[]> {
    return this.sessions
      .filter((session) => session.creatorId === creatorId && session.goingAhead && session.end > now)
      .filter((session) => this.written.get(session.bookingId)?.start.getTime() !== session.start.getTime())
      .slice(0, limit)
      .map(({ creatorId: _creator, goingAhead: _ahead, ...session }) => ({ ...session, href: this.written.get(session.bookingId)?.href ?? null }));
  }

  async eventsToRemove(creatorId: Id, limit: number): Promise<EventToRemove[]> {
    return [...this.written.entries()]
      .filter(([bookingId, event]) => event.creatorId === creatorId && !this.sessions.find((session) => session.bookingId === bookingId)?.goingAhead)
      .slice(0, limit)
      .map(([bookingId, event]) => ({ bookingId, href: event.href }));
  }

  async markWritten(creatorId: Id, bookingId: Id, written: { href: string; etag: string | null }, start: Date): Promise<void> {
    this.written.set(bookingId, { creatorId, ...written, start });
  }

  async forgetWritten(bookingId: Id): Promise<void> {
    this.written.delete(bookingId);
  }
}
