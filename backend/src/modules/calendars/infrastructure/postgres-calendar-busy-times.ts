import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { CalendarBusyTimes, type BusyTime } from '../application/ports/calendar-busy-times.js';

/** CalendarBusyTimes over calendar_busy_times, the busy times stored at each read of the creator's calendar. */
@Injectable()
export class PostgresCalendarBusyTimes extends CalendarBusyTimes {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async busy(creatorId: Id, from: Date, to: Date): Promise<BusyTime[]> {
    const rows = await this.em.execute<Array<{ starts_at: Date; ends_at: Date }>>(
      `select starts_at, ends_at from calendar_busy_times
        where creator_id = ? and starts_at < ? and ends_at > ? order by starts_at`,
      [creatorId, to, from],
    );
    return rows.map((row) => ({ start: new Date(row.starts_at), end: new Date(row.ends_at) }));
  }
}
