import { Inject, Injectable } from '@nestjs/common';
import { CALENDAR_HORIZON_DAYS, CalendarMessages, type CalendarConnectionRequest, type CalendarConnectionView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError, invalid } from '../../../shared/domain-error.js';
import type { SecretSealer } from '../../../shared/crypto/secret-sealer.js';
import type { Id } from '../../../shared/ids.js';
import { CALENDAR_PASSWORD_SEALER } from '../calendars.tokens.js';
import { CalendarProblem } from '../domain/calendar-problem.js';
import { CalendarConnectRateLimit } from './ports/calendar-connect-rate-limit.js';
import { CalendarConnections, type CalendarConnection } from './ports/calendar-connections.js';
import { CalendarServer } from './ports/calendar-server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const toView = (connection: CalendarConnection): CalendarConnectionView => ({
  url: connection.url,
  username: connection.username,
  writeSessions: connection.writeSessions,
  lastReadAt: connection.lastReadAt?.toISOString() ?? null,
  lastError: connection.lastError,
});

/**
 * A creator connects their own calendar (CalDAV, an app password), sees how its reads go, and disconnects it.
 * Connecting reads it once, so a wrong address or password is said at once (400) and nothing is stored; the
 * busy times of that read are stored with the connection. Disconnecting forgets the busy times and the record
 * of sessions written: events already written stay in the calendar (it is the creator's, and its server may
 * be unreachable), to be removed there by hand.
 */
@Injectable()
export class CalendarConnectionUseCase {
  constructor(
    private readonly connections: CalendarConnections,
    private readonly server: CalendarServer,
    @Inject(CALENDAR_PASSWORD_SEALER) private readonly sealer: SecretSealer,
    private readonly clock: Clock,
    private readonly rateLimit: CalendarConnectRateLimit,
  ) {}

  async view(creatorId: Id): Promise<CalendarConnectionView | null> {
    const connection = await this.connections.find(creatorId);
    return connection ? toView(connection) : null;
  }

  async connect(creatorId: Id, request: CalendarConnectionRequest): Promise<CalendarConnectionView> {
    const wait = await this.rateLimit.consume(creatorId);
    if (wait !== null) {
      throw new DomainError('too_many', CalendarMessages.tooManyConnects(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    }
    const timeZone = await this.connections.timeZoneOf(creatorId);
    const password = request.password ?? (await this.keptPassword(creatorId, request));
    const access = { url: request.url, username: request.username, password };
    const now = this.clock.now();
    let busy;
    try {
      await this.server.check(access);
      busy = await this.server.busyTimes(access, now, new Date(now.getTime() + CALENDAR_HORIZON_DAYS * DAY_MS), timeZone);
    } catch (error) {
      if (error instanceof CalendarProblem) throw invalid(error.message);
      throw error;
    }
    const connection = {
      creatorId,
      url: request.url,
      username: request.username,
      passwordSealed: this.sealer.seal(password),
      writeSessions: request.writeSessions ?? false,
    };
    await this.connections.connect(connection, busy, now);
    return toView({ ...connection, lastReadAt: now, lastError: null });
  }

  /** The app password kept for this same address and user name; without one, the password must be typed. */
  private async keptPassword(creatorId: Id, request: CalendarConnectionRequest): Promise<string> {
    const existing = await this.connections.find(creatorId);
    const kept = existing && existing.url === request.url && existing.username === request.username ? this.sealer.open(existing.passwordSealed) : null;
    if (kept === null) throw invalid(CalendarMessages.password);
    return kept;
  }

  async disconnect(creatorId: Id): Promise<{ message: string }> {
    if (!(await this.connections.disconnect(creatorId))) throw new DomainError('not_found', CalendarMessages.notConnected);
    return { message: CalendarMessages.disconnected };
  }
}
