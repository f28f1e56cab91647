import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { WeeklyRangeView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import type { Availability } from '../domain/availability.js';
import { AvailabilityStore, type BookableCreator } from '../application/ports/availability.store.js';

interface AvailabilityRow {
  time_zone: string;
  session_minutes: number;
  buffer_minutes: number;
  min_notice_hours: number;
  horizon_days: number;
  weekly: WeeklyRangeView[];
  dates_off: string[];
  cancellation_hours: number;
}

/** The availability table, one row per creator; creators are read from users (identity's rows, read only). */
@Injectable()
export class PostgresAvailabilityStore extends AvailabilityStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async find(creatorId: Id): Promise<Availability | null> {
    const [row] = await this.em.execute<AvailabilityRow[]>('select * from availability where creator_id = ?', [creatorId]);
    if (!row) return null;
    return {
      timeZone: row.time_zone,
      sessionMinutes: row.session_minutes,
      bufferMinutes: row.buffer_minutes,
      minNoticeHours: row.min_notice_hours,
      horizonDays: row.horizon_days,
      weekly: row.weekly,
      datesOff: row.dates_off,
      cancellationHours: row.cancellation_hours,
    };
  }

  async save(creatorId: Id, a: Availability, now: Date): Promise<void> {
    await this.em.execute(
      `insert into availability (creator_id, time_zone, session_minutes, buffer_minutes, min_notice_hours, horizon_days,
         weekly, dates_off, cancellation_hours, updated_at)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)
       on conflict (creator_id) do update set time_zone = excluded.time_zone, session_minutes = excluded.session_minutes,
         buffer_minutes = excluded.buffer_minutes, min_notice_hours = excluded.min_notice_hours,
         horizon_days = excluded.horizon_days, weekly = excluded.weekly, dates_off = excluded.dates_off,
         cancellation_hours = excluded.cancellation_hours, updated_at = excluded.updated_at`,
      [creatorId, a.timeZone, a.sessionMinutes, a.bufferMinutes, a.minNoticeHours, a.horizonDays, JSON.stringify(a.weekly),
        JSON.stringify(a.datesOff), a.cancellationHours, now],
    );
  }

  async findCreator(username: string): Promise<BookableCreator | null> {
    if (username.includes('\u0000')) return null;
    const [row] = await this.em.execute<Array<{ id: string; takes_bookings: boolean }>>(
      `select id, enable_booking as takes_bookings
         from users where lower(username) = ? and deleted_at is null`,
      [username.toLowerCase()],
    );
    return row ? { id: row.id, takesBookings: row.takes_bookings } : null;
  }
}
