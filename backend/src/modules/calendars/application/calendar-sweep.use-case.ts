import { Inject, Injectable } from '@nestjs/common';
import { CALENDAR_HORIZON_DAYS, CALENDAR_READ_EVERY_MINUTES, CalendarMessages, describeLocation, locationOfInvite } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import type { SecretSealer } from '../../../shared/crypto/secret-sealer.js';
import { CALENDAR_PASSWORD_SEALER } from '../calendars.tokens.js';
import { CalendarProblem } from '../domain/calendar-problem.js';
import { CalendarConnections, type CalendarConnection, type SessionToWrite } from './ports/calendar-connections.js';
import { CalendarServer, type CalendarAccess, type SessionEvent } from './ports/calendar-server.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calendars read per sweep, and at once: a slow server holds up only its own read (each has a time limit). */
const READS_PER_SWEEP = 20;
const READS_AT_ONCE = 4;
/** Calendars written per sweep, and events written or removed in each. */
const WRITES_PER_SWEEP = 10;
const EVENTS_PER_CALENDAR = 25;

export interface CalendarSweep {
  read: number;
  failed: number;
  written: number;
  removed: number;
}

/** Runs `work` on each item, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The session as written into the creator's calendar: its name and visitor, where to meet. */
export function sessionEventOf(session: SessionToWrite): SessionEvent {
  const where = session.location ? describeLocation(session.location) : null;
  return {
    uid: `booking-${session.bookingId}@linkbio`,
    start: session.start,
    end: session.end,
    summary: `${session.sessionName} with ${session.visitorName}`,
    description: [`${session.sessionName} booked by ${session.visitorName} (${session.visitorEmail}).`, where].filter(Boolean).join('\n'),
    location: session.location ? locationOfInvite(session.location) : null,
  };
}

/**
 * The worker's sweep of connected calendars (every minute): calendars not read for CALENDAR_READ_EVERY_MINUTES
 * are read again, a few at a time, their busy times replaced; a server down or slow only sets the connection's
 * last error, the busy times last read staying in use. Then, for calendars taking sessions, paid upcoming
 * sessions not written yet (or moved) are written and those cancelled or refunded removed. PostgreSQL says
 * what is due, so work a server refused is found again by the next sweep.
 */
@Injectable()
export class CalendarSweepUseCase {
  constructor(
    private readonly connections: CalendarConnections,
    private readonly server: CalendarServer,
    @Inject(CALENDAR_PASSWORD_SEALER) private readonly sealer: SecretSealer,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<CalendarSweep> {
    const sweep: CalendarSweep = { read: 0, failed: 0, written: 0, removed: 0 };
    await this.readDue(sweep);
    await this.writeSessions(sweep);
    return sweep;
  }

  /** The app password opened (sealed again with the newest key when an older one sealed it), or null. */
  private async accessOf(connection: CalendarConnection): Promise<CalendarAccess | null> {
    const password = this.sealer.open(connection.passwordSealed);
    if (password === null) {
      await this.connections.recordFailure(connection.creatorId, CalendarMessages.passwordUnreadable);
      return null;
    }
    if (this.sealer.isStale(connection.passwordSealed)) await this.connections.reseal(connection.creatorId, this.sealer.seal(password));
    return { url: connection.url, username: connection.username, password };
  }

  /** Runs work against the calendar; a CalendarProblem becomes the connection's last error. True when it went well. */
  private async attempt(connection: CalendarConnection, work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      if (!(error instanceof CalendarProblem)) throw error;
      await this.connections.recordFailure(connection.creatorId, error.message);
      return false;
    }
  }

  private async readDue(sweep: CalendarSweep): Promise<void> {
    const now = this.clock.now();
    const due = await this.connections.claimDue(new Date(now.getTime() - CALENDAR_READ_EVERY_MINUTES * 60_000), now, READS_PER_SWEEP);
    await eachAtMost(due, READS_AT_ONCE, async (connection) => {
      const access = await this.accessOf(connection);
      if (!access) return void (sweep.failed += 1);
      const read = await this.attempt(connection, async () => {
        const busy = await this.server.busyTimes(access, now, new Date(now.getTime() + CALENDAR_HORIZON_DAYS * DAY_MS), connection.timeZone);
        await this.connections.recordRead(connection.creatorId, busy, this.clock.now());
      });
      if (read) sweep.read += 1;
      else sweep.failed += 1;
    });
  }

  private async writeSessions(sweep: CalendarSweep): Promise<void> {
    const now = this.clock.now();
    const pending = await this.connections.withPendingWrites(now, WRITES_PER_SWEEP);
    await eachAtMost(pending, READS_AT_ONCE, async (connection) => {
      const access = await this.accessOf(connection);
      if (!access) return;
      await this.attempt(connection, async () => {
        for (const event of await this.connections.eventsToRemove(connection.creatorId, EVENTS_PER_CALENDAR)) {
          await this.server.removeEvent(access, event.href);
          await this.connections.forgetWritten(event.bookingId);
          sweep.removed += 1;
        }
        if (!connection.writeSessions) return;
        for (const session of await this.connections.sessionsToWrite(connection.creatorId, now, EVENTS_PER_CALENDAR)) {
          const written = await this.server.writeEvent(access, sessionEventOf(session), session.href);
          await this.connections.markWritten(connection.creatorId, session.bookingId, written, session.start, this.clock.now());
          sweep.written += 1;
        }
      });
    });
  }
}
