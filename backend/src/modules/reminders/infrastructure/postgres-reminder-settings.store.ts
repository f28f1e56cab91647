import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { ReminderSettingsStore } from '../application/ports/reminder-settings.store.js';

interface SettingsRow {
  visitor_24h: boolean;
  visitor_1h: boolean;
  creator_24h: boolean;
  creator_1h: boolean;
}

const toView = (row: SettingsRow): ReminderSettingsView => ({
  visitor24h: row.visitor_24h,
  visitor1h: row.visitor_1h,
  creator24h: row.creator_24h,
  creator1h: row.creator_1h,
});

/** PostgreSQL, in plain SQL: one reminder_settings row per creator once they saved their switches. */
@Injectable()
export class PostgresReminderSettingsStore extends ReminderSettingsStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async find(creatorId: Id): Promise<ReminderSettingsView> {
    const [row] = await this.em.execute<SettingsRow[]>(
      'select visitor_24h, visitor_1h, creator_24h, creator_1h from reminder_settings where creator_id = ?',
      [creatorId],
    );
    return row ? toView(row) : { ...DEFAULT_REMINDER_SETTINGS };
  }

  async save(creatorId: Id, settings: ReminderSettingsView, now: Date): Promise<ReminderSettingsView> {
    const [row] = await this.em.execute<SettingsRow[]>(
      `insert into reminder_settings (creator_id, visitor_24h, visitor_1h, creator_24h, creator_1h, updated_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (creator_id) do update set visitor_24h = excluded.visitor_24h, visitor_1h = excluded.visitor_1h,
         creator_24h = excluded.creator_24h, creator_1h = excluded.creator_1h, updated_at = excluded.updated_at
       returning visitor_24h, visitor_1h, creator_24h, creator_1h`,
      [creatorId, settings.visitor24h, settings.visitor1h, settings.creator24h, settings.creator1h, now],
    );
    return toView(row!);
  }
}
